/** The before-and-after table of `LIGHTHOUSE_BASELINE=<dist> npm run bench:lighthouse` (scripts/bench/lighthouse.ts). */

/** What is compared of one route's median run. */
export interface Measured {
  /** Bytes of script transferred while the page loaded, before any interaction (Lighthouse does not interact). */
  scriptBytes: number;
  tbt: number;
  lcp: number;
}

export interface Pair {
  path: string;
  before: Measured;
  after: Measured;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** The script bytes a report's page transferred: every request Lighthouse saw of type Script. */
export function scriptBytes(lhr: { audits: Record<string, { details?: unknown } | undefined> }): number {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return items.filter((i) => i.resourceType === 'Script').reduce((t, i) => t + (i.transferSize ?? 0), 0);
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** The doc: how it was measured, then one row per route. */
export function comparisonDoc(pairs: Pair[], run: { runs: number; loadAtStart: string; loadAtEnd: string; chrome: string }): string {
  const rows = pairs.map(
    (p) =>
      `| ${p.path} | ${kb(p.before.scriptBytes)} | ${kb(p.after.scriptBytes)} | ${Math.round(p.before.tbt)} | ${Math.round(p.after.tbt)} | ${Math.round(p.before.lcp)} | ${Math.round(p.after.lcp)} |`,
  );
  return `# Lighthouse: before and after the islands

Lighthouse 12 with its default mobile emulation and throttling (4x CPU slowdown, slow 4G), ${run.chrome}, each route
audited on the site before the change and on the site after it in the same run, one right after the other; the
median of ${run.runs} runs per route and site; load average ${run.loadAtStart} at the start and ${run.loadAtEnd} at
the end (the machine is shared: TBT and LCP move with it, the script bytes do not). "Script" is every script file
transferred while the page loaded, before any interaction. Regenerate with
\`LIGHTHOUSE_BASELINE=<dist of the earlier build> npm run bench:lighthouse -- <routes>\`; docs/islands.md explains
the change.

| route | script before (KB) | script after (KB) | TBT before (ms) | TBT after (ms) | LCP before (ms) | LCP after (ms) |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`;
}
