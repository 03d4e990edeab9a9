/** The rows a click report holds, and the columns each output shows. */
import type { ClickReport, Dimension, ReportQuery, ReportRow } from '../report-shapes.ts';

export type { ClickReport, ReportRow };

export type Column = Dimension | 'clicks' | 'uniques' | 'bot_clicks' | 'over_budget_clicks';

/** The columns in output order: the --by columns, clicks, uniques, then bot_clicks and over_budget_clicks when asked for. */
export function columns(query: ReportQuery): Column[] {
  return [
    ...query.by,
    'clicks',
    'uniques',
    ...(query.includeBots ? (['bot_clicks'] as const) : []),
    ...(query.includeOverBudget ? (['over_budget_clicks'] as const) : []),
  ];
}

/** The footer every format that has one carries (it says how uniques add up: a visitor counted on two days is two uniques). */
export function footer(report: ClickReport): string {
  const { since, until, includeBots } = report.query;
  return [
    `${since} to ${until} (UTC days, inclusive). Clicks and uniques count people${includeBots ? '; bot_clicks counts known bots and crawlers' : '; bots are left out (--include-bots adds a bot column)'}.`,
    'A unique is a distinct visitor on one UTC day, so uniques over a range are the sum of the daily uniques;',
    'the total row counts a visitor who clicked several rows on the same day once.',
    ...(report.query.includeOverBudget
      ? ["over_budget_clicks: clicks redirected past one visitor's per-minute budget, counted neither as people nor as bots."]
      : []),
  ].join('\n');
}
