/** What a click report asks for, parsed and checked the same way for the CLI and GET /api/clicks. */

import { DIMENSIONS, type Dimension, type ReportQuery } from '../report-shapes.ts';

export { DIMENSIONS, type Dimension, type ReportQuery };

/** A request the caller got wrong: the CLI exits 2, the endpoint answers 400. */
export class UsageError extends Error {}

/** The report's default span: today and the 29 days before it. */
export const DEFAULT_DAYS = 30;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The UTC day `days` after (or before, when negative) an ISO day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface RawQuery {
  by?: string[];
  since?: string;
  until?: string;
  includeBots?: boolean;
  includeOverBudget?: boolean;
}

/** Checks flags or query parameters and fills in the defaults; throws UsageError with a sentence to show. */
export function parseReportQuery(raw: RawQuery, today: string): ReportQuery {
  const by: Dimension[] = [];
  for (const value of raw.by ?? []) {
    if (!(DIMENSIONS as readonly string[]).includes(value))
      throw new UsageError(`unknown --by value "${value}": use ${DIMENSIONS.join(', ')}`);
    if (!by.includes(value as Dimension)) by.push(value as Dimension);
  }
  for (const [flag, value] of [
    ['--since', raw.since],
    ['--until', raw.until],
  ] as const) {
    if (value !== undefined && !isIsoDay(value))
      throw new UsageError(`${flag} must be a date written YYYY-MM-DD (UTC), such as 2026-03-01 (found "${value}")`);
  }
  const until = raw.until ?? today;
  const since = raw.since ?? addDays(until, -(DEFAULT_DAYS - 1));
  if (since > until) throw new UsageError(`--since (${since}) is after --until (${until})`);
  return { by, since, until, includeBots: raw.includeBots ?? false, ...(raw.includeOverBudget ? { includeOverBudget: true } : {}) };
}
