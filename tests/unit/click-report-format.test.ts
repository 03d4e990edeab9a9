/** Pure parts of the click report: flag parsing, table/CSV/JSON formatting and the chart's series and scale. */
import { describe, expect, it } from 'vitest';
import {
  chartData,
  labelledDays,
  formatCsv,
  formatJson,
  formatTable,
  lineChartSvg,
  niceStep,
  parseReportQuery,
  UsageError,
  type ClickReport,
} from '../../services/shared/reports/index.ts';

const report: ClickReport = {
  query: { by: ['page', 'placement'], since: '2026-11-01', until: '2026-11-30', includeBots: true },
  rows: [
    { page: '/deals', placement: 'card', clicks: 1234, uniques: 1000, bot_clicks: 5 },
    { page: '/search?q="fast, cheap"', placement: null, clicks: 2, uniques: 1, bot_clicks: 0 },
    { page: null, placement: 'hero', clicks: 7, uniques: 7, bot_clicks: 12 },
  ],
  total: { clicks: 1243, uniques: 1006, bot_clicks: 17 },
};

describe('parseReportQuery', () => {
  it('defaults to the 30 UTC days ending today, humans only, one total row', () => {
    expect(parseReportQuery({}, '2026-03-01')).toEqual({ by: [], since: '2026-01-31', until: '2026-03-01', includeBots: false });
  });
  it('keeps --by in the order given, once each, and counts back 29 days from --until', () => {
    expect(parseReportQuery({ by: ['provider', 'day', 'provider'], until: '2024-03-10' }, '2026-01-01')).toEqual({
      by: ['provider', 'day'],
      since: '2024-02-10',
      until: '2024-03-10',
      includeBots: false,
    });
  });
  it('refuses unknown groupings, impossible dates and reversed ranges', () => {
    expect(() => parseReportQuery({ by: ['continent'] }, '2026-01-01')).toThrow(UsageError);
    for (const since of ['2026-02-29', '2026-1-05', '05/01/2026', '2026-01-01T00:00:00Z'])
      expect(() => parseReportQuery({ since }, '2026-03-01'), since).toThrow(/--since must be a date/);
    expect(parseReportQuery({ since: '2024-02-29', until: '2024-02-29' }, '2026-01-01').since).toBe('2024-02-29');
    expect(() => parseReportQuery({ since: '2026-01-02', until: '2026-01-01' }, '2026-03-01')).toThrow(
      '--since (2026-01-02) is after --until (2026-01-01)',
    );
  });
});

describe('formats', () => {
  it('aligns the table, right-aligns numbers with separators and shows a missing page as (none)', () => {
    expect(formatTable(report).split('\n').slice(0, 7)).toEqual([
      'page                     placement  clicks  uniques  bot_clicks',
      '-----------------------  ---------  ------  -------  ----------',
      '/deals                   card        1,234    1,000           5',
      '/search?q="fast, cheap"  (none)          2        1           0',
      '(none)                   hero            7        7          12',
      '-----------------------  ---------  ------  -------  ----------',
      'total                                1,243    1,006          17',
    ]);
    expect(formatTable(report)).toContain('uniques over a range are the sum of the daily uniques');
  });
  it('writes RFC 4180 CSV: header, CRLF, every text field quoted, its quotes doubled, empty for null', () => {
    expect(formatCsv(report)).toBe(
      'page,placement,clicks,uniques,bot_clicks\r\n"/deals","card",1234,1000,5\r\n"/search?q=""fast, cheap""",,2,1,0\r\n,"hero",7,7,12\r\n',
    );
  });
  it('writes a JSON array of objects with the columns as keys', () => {
    expect(JSON.parse(formatJson(report))).toEqual([
      { page: '/deals', placement: 'card', clicks: 1234, uniques: 1000, bot_clicks: 5 },
      { page: '/search?q="fast, cheap"', placement: null, clicks: 2, uniques: 1, bot_clicks: 0 },
      { page: null, placement: 'hero', clicks: 7, uniques: 7, bot_clicks: 12 },
    ]);
  });
});

describe('chart', () => {
  it('fills every day of the range for every provider, zero where it had no clicks', () => {
    const data = chartData(
      [
        { day: '2026-02-27', provider: 'surfshark', clicks: 3, uniques: 3 },
        { day: '2026-03-01', provider: 'nordvpn', clicks: 5, uniques: 4 },
      ],
      '2026-02-27',
      '2026-03-01',
    );
    expect(data).toEqual({
      days: ['2026-02-27', '2026-02-28', '2026-03-01'],
      series: [
        { provider: 'nordvpn', values: [0, 0, 5] },
        { provider: 'surfshark', values: [3, 0, 0] },
      ],
    });
  });
  it('picks round steps for the y axis', () => {
    expect([0, 3, 10, 47, 1234, 99_999].map((m) => niceStep(m))).toEqual([1, 1, 2, 10, 250, 20_000]);
  });
  it('escapes provider names and titles in the SVG', () => {
    const svg = lineChartSvg({ days: ['2026-01-01'], series: [{ provider: 'a<b>&"c"', values: [1] }] }, 'T & <T>');
    expect(svg).toContain('<title id="chart-title">T &amp; &lt;T&gt;</title>');
    expect(svg).toContain('data-provider="a&lt;b&gt;&amp;&quot;c&quot;"');
    expect(svg).not.toContain('<b>');
  });

  it('labels as many days as fit without touching, always the first and the last', () => {
    const plot = 688;
    for (let n = 1; n <= 400; n++) {
      const picked = labelledDays(n, plot);
      expect(picked[0], `n=${n}`).toBe(0);
      expect(picked[picked.length - 1], `n=${n}`).toBe(n - 1);
      const spacing = n === 1 ? plot : plot / (n - 1);
      for (let i = 1; i < picked.length; i++) expect((picked[i]! - picked[i - 1]!) * spacing, `n=${n}`).toBeGreaterThanOrEqual(82);
    }
    expect(labelledDays(2, plot)).toEqual([0, 1]);
    expect(labelledDays(30, plot).length).toBeGreaterThan(4);
  });
  it('draws a phone its own chart: 360 px wide at full-size text, the legend under the plot, fewer ticks, days as MM-DD', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const data = {
      days,
      series: ['clicks', 'views'].map((provider, k) => ({ provider, values: days.map((_, i) => (i * 37 + k * 11) % 90) })),
    };
    const wide = lineChartSvg(data, 'Per day');
    const narrow = lineChartSvg(data, 'Per day', { compact: true, id: 'narrow' });
    expect(/viewBox="0 0 (\d+) /.exec(narrow)![1]).toBe('360');
    expect(narrow).toContain('aria-labelledby="narrow"');
    const dayLabels = (svg: string) => [...svg.matchAll(/<text class="day"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]!);
    expect(dayLabels(narrow)[0]).toBe('11-01');
    expect(dayLabels(narrow).at(-1)).toBe('11-30');
    expect(dayLabels(narrow).length).toBeLessThan(dayLabels(wide).length);
    // Each legend line starts at the plot's left edge, one row per series, below the x axis.
    const axisY = Number(/<line class="axis" x1="56" x2="\d+" y1="([\d.]+)"/.exec(narrow)![1]);
    const legend = [...narrow.matchAll(/<g class="legend-item"><line x1="([\d.]+)" x2="[\d.]+" y1="([\d.]+)"/g)];
    expect(legend.map((m) => m[1])).toEqual(['56', '56']);
    for (const m of legend) expect(Number(m[2])).toBeGreaterThan(axisY + 40);
    const yTicks = (svg: string) => svg.match(/<line class="grid"/g)!.length;
    expect(yTicks(narrow)).toBeLessThan(yTicks(wide));
  });

  it('keeps two series with the same values distinguishable: a marker of its own shape on every point, named in its tooltip', () => {
    const svg = lineChartSvg(
      {
        days: ['2026-01-01', '2026-01-02', '2026-01-03'],
        series: [
          { provider: 'clicks', values: [4, 2, 5] },
          { provider: 'views', values: [4, 2, 5] },
        ],
      },
      'Same',
    );
    const groups = [...svg.matchAll(/<g class="markers" data-series="(\w+)">(.*?)<\/g>/g)];
    expect(groups.map((g) => g[1])).toEqual(['clicks', 'views']);
    expect(groups[0]![2]).toMatch(/^(<circle [^>]+><title>clicks, 2026-01-0\d: \d<\/title><\/circle>){3}$/);
    expect(groups[1]![2]).toMatch(/^(<rect [^>]+><title>views, 2026-01-0\d: \d<\/title><\/rect>){3}$/);
    // The legend shows each line with its marker.
    expect(svg.match(/<g class="legend-item">.*?<\/g>/g)!.map((g) => /<(circle|rect)/.exec(g)![1])).toEqual(['circle', 'rect']);
  });
});
