/**
 * What a click or revenue report asks for and what it holds: the shapes the database's report queries return and the
 * reports read (CLI, API and the dashboard in the browser), kept below all of them so that each reaches them from below.
 */

export const DIMENSIONS = ['provider', 'day', 'page', 'placement', 'destination', 'variant', 'country', 'device'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface ReportQuery {
  /** Grouping columns in the order asked for; empty means one total row. */
  by: Dimension[];
  /** First and last UTC day, inclusive (YYYY-MM-DD). */
  since: string;
  until: string;
  /** Adds a bot_clicks column; clicks and uniques stay human-only. */
  includeBots: boolean;
  /** Adds an over_budget_clicks column: clicks past a visitor's per-minute budget, which are never counted as human. */
  includeOverBudget?: boolean;
}

/** One report row: the grouping columns asked for, then the counts. A null page or placement was not given on the click. */
export interface ReportRow {
  day?: string;
  provider?: string;
  page?: string | null;
  placement?: string | null;
  /** Where the click went (affiliate, website, …), the split variant, the country and the device; null when unknown. */
  destination?: string | null;
  variant?: string | null;
  country?: string | null;
  device?: string | null;
  clicks: number;
  uniques: number;
  bot_clicks?: number;
  over_budget_clicks?: number;
}

export interface ClickReport {
  query: ReportQuery;
  rows: ReportRow[];
  /** The whole range: uniques here are distinct visitors per day over every group, summed over the days. */
  total: ReportRow;
}

/** The revenue report's question: its groups and its UTC days, inclusive. */
export interface StatsQuery {
  by: Dimension[];
  since: string;
  until: string;
}

export interface StatsRow {
  [dim: string]: unknown;
  views: number | null;
  clicks: number;
  clickers: number;
  /** clicks ÷ views, when views apply. */
  ctr: number | null;
  conversions: number;
  /** Currency → exact sum, e.g. { USD: "49.5000" }; never added across currencies. */
  revenue: Record<string, string>;
  /** Currency → revenue ÷ clicks. */
  epc: Record<string, string>;
  /** conversions ÷ clicks. */
  conversion_rate: number | null;
}
