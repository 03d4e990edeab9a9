/**
 * What a click report asks for and what it holds: the shapes the database's report queries return and the reports
 * (CLI, API, dashboard) read, kept at the database layer so that both reach them from below.
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

