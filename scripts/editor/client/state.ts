/** The form's data and what each field registered for showing its problems and figures. */
import type { Json, Schema } from './api.ts';
import { pointerOf } from './dom.ts';

export type Path = (string | number)[];

export const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What one field shows its problems and figures in. */
export interface FieldSlot {
  wrap: HTMLElement;
  input?: HTMLElement;
  err: HTMLElement;
  fig?: HTMLElement;
}

export class FormState {
  readonly slots = new Map<string, FieldSlot>();
  constructor(
    public data: { [key: string]: Json },
    /** Called after every change: checks the content again, a moment after the last keystroke. */
    readonly changed: () => void,
  ) {}

  get(path: Path): Json | undefined {
    let v: Json | undefined = this.data;
    for (const k of path) v = v === null || typeof v !== 'object' ? undefined : (v as Record<string | number, Json>)[k];
    return v;
  }

  set(path: Path, value: Json | undefined): void {
    const parent = this.get(path.slice(0, -1)) as Record<string | number, Json> | undefined;
    if (!parent || typeof parent !== 'object') return;
    const key = path.at(-1)!;
    if (value === undefined) {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else parent[key] = value;
    this.changed();
  }

  register(path: Path, slot: FieldSlot): void {
    this.slots.set(pointerOf(path), slot);
  }

  /** The slot a problem at `pointer` shows in: its field's, else its nearest enclosing field's. */
  slotFor(pointer: string): [string, FieldSlot] | undefined {
    for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const slot = this.slots.get(p);
      if (slot?.wrap.isConnected) return [p, slot];
      if (p === '') return undefined;
    }
  }
}

/** The alternatives of a union schema. */
export const alternativesOf = (s: Schema) => s.anyOf ?? s.oneOf;

/** Whether a value is of a schema's shape, as far as choosing between alternatives needs. */
export function matches(s: Schema, v: unknown): boolean {
  if (s.const !== undefined) return v === s.const;
  if (s.enum) return s.enum.includes(v);
  const alts = alternativesOf(s);
  if (alts) return alts.some((a) => matches(a, v));
  switch (s.type) {
    case 'object':
      return isObject(v) && Object.entries(s.properties ?? {}).every(([k, p]) => p.const === undefined || v[k] === p.const);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'number':
    case 'integer':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      return true;
  }
}

/** A new value of the schema's shape: what an added list item or optional field starts as. */
export function defaultFor(s: Schema): Json {
  if (s.const !== undefined) return s.const as Json;
  if (s.enum) return s.enum[0] as Json;
  const alts = alternativesOf(s);
  if (alts) return defaultFor(alts[0]!);
  switch (s.type) {
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const k of s.required ?? []) out[k] = defaultFor(s.properties?.[k] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => defaultFor(s.items ?? {}));
    case 'number':
    case 'integer':
      return Math.max(s.minimum ?? 0, s.exclusiveMinimum === undefined ? 0 : s.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** A typed content block's alternatives: each an object whose `type` is a constant. */
export const isTypedUnion = (alts: Schema[]) => alts.every((a) => a.type === 'object' && a.properties?.type?.const !== undefined);
