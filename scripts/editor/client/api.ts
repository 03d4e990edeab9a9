/** The editor server's answers (scripts/editor/server.ts), as the page uses them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FieldProblem {
  pointer: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface FileEntry {
  path: string;
  title: string;
  standing: 'live' | 'draft' | 'scheduled' | 'expired';
  errors: number;
  warnings: number;
}

export interface Listing {
  kinds: { kind: string; label: string; files: FileEntry[] }[];
  scaffolds: string[];
  schedule: { at: string; action: 'publish' | 'expire'; file: string; what: string }[];
  now: string;
}

export interface OpenFile {
  path: string;
  kind: string;
  label: string;
  text: string;
  data: { [key: string]: Json } | null;
  version: string;
  schema: Schema;
  problems: FieldProblem[];
  figures: Record<string, string>;
  preview: string | null;
}

export interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
}

/** An answer and its status; the body is JSON either way. */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
