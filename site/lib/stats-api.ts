/** The dashboard's reads of GET /api/stats, with the stats token the owner typed (kept for the tab only). */
import type { StatsRow } from '../../services/shared/report-shapes.ts';
import { apiUrl } from './api';

export interface StatsAnswer {
  since: string;
  until: string;
  by: string[];
  rows: StatsRow[];
  total: StatsRow;
  unmatched: { conversions: number; revenue: Record<string, string> };
}

/** Why the dashboard could not read the figures, in words for the owner. */
export class StatsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'vpnsite:stats-token';
export const readToken = () => sessionStorage.getItem(TOKEN_KEY);
export const keepToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY);

export const API_OFF = 'The stats API is off: start vpnsite serve with STATS_TOKEN set.';

/** Whether the service says its stats API is off; false when it cannot be asked (then a token is asked for). */
export async function statsApiOff(): Promise<boolean> {
  const res = await fetch(apiUrl('/api/stats/status'), { cache: 'no-store' }).catch(() => null);
  if (!res?.ok) return false;
  return ((await res.json().catch(() => ({}))) as { api?: string }).api === 'off';
}

export async function fetchStats(token: string, params: { by?: string[]; since: string; until: string }): Promise<StatsAnswer> {
  const q = new URLSearchParams({ since: params.since, until: params.until });
  for (const b of params.by ?? []) q.append('by', b);
  const res = await fetch(apiUrl(`/api/stats?${q}`), { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (res.ok) return (await res.json()) as StatsAnswer;
  if (res.status === 401) throw new StatsError('That token was not accepted. Type the STATS_TOKEN the service runs with.', 401);
  if (res.status === 404) throw new StatsError(API_OFF, 404);
  if (res.status === 429) throw new StatsError('Too many requests for now. Try again in a minute.', 429);
  if (res.status === 503) throw new StatsError('The database cannot be reached just now. Try again in a minute.', 503);
  throw new StatsError(`The stats API answered ${res.status}.`, res.status);
}

/** One affiliate link's latest check, as GET /api/links gives it: whether /go/ fails over from it now. */
export interface LinkCheckRow {
  provider: string;
  link: string;
  ok: boolean;
  problems: string[];
  checkedAt: string;
  failover?: boolean;
}

/** The latest link checks; an empty list when they cannot be read (the figures still show). */
export async function fetchLinks(token: string): Promise<LinkCheckRow[]> {
  const res = await fetch(apiUrl('/api/links'), { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' }).catch(() => null);
  return res?.ok ? ((await res.json()) as LinkCheckRow[]) : [];
}
