/**
 * Every CSV the project writes (clicks, stats and the dashboard's download, messages, subscribers, `db query`)
 * neutralises a cell a spreadsheet would run as a formula, as OWASP describes: a leading single quote, the cell
 * quoted. Read back with a CSV parser, each such cell is its text behind the quote; numbers stay numbers.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../services/shared/reports/format.ts';
import { formatCsv, formatRecords, type ClickReport } from '../../services/shared/reports/index.ts';
import { formatStatsCsv, type StatsReport } from '../../services/shared/reports/stats-format.ts';

const HOSTILE = [
  '=HYPERLINK("http://evil.test","click")',
  '=1+1@example.com',
  '+1-555-0100',
  '-2+3',
  '@SUM(A1:A9)',
  '\tcmd',
  '\r=1+1',
  "=cmd|' /C calc'!A0",
];

const read = (csv: string) => parse(csv, { columns: true, relax_column_count: false }) as Record<string, string>[];

describe('csvField', () => {
  it('puts a quote before a cell that starts with =, +, -, @, tab or CR, and quotes it', () => {
    for (const text of HOSTILE) {
      const field = csvField(text);
      expect(field.startsWith(`"'`), JSON.stringify(text)).toBe(true);
      expect((parse(field) as string[][])[0]![0]).toBe(`'${text}`);
    }
  });

  it('leaves numbers, negative ones too, and ordinary text as they were', () => {
    expect(csvField(-12)).toBe('-12');
    expect(csvField('-12.5000')).toBe('-12.5000');
    expect(csvField(1234)).toBe('1234');
    expect(csvField('nordvpn')).toBe('"nordvpn"');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('reader@example.com')).toBe('"reader@example.com"');
    expect(csvField('2026-11-20')).toBe('"2026-11-20"');
    expect(csvField(null)).toBe('');
  });
});

/**
 * A line as a spreadsheet splits it on its list separator: a cell that opens with a quote runs to its closing quote
 * (doubled quotes within), and whatever follows up to the next separator is added as it is; any other cell runs to
 * the next separator, its quotes literal.
 */
function spreadsheetCells(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      for (i++; i < line.length; i++) {
        if (line[i] === '"' && line[i + 1] === '"') (cell += '"'), i++;
        else if (line[i] === '"') break;
        else cell += line[i];
      }
      i++;
    }
    while (i < line.length && line[i] !== separator) cell += line[i++];
    cells.push(cell);
    if (i >= line.length) return cells;
    i++;
  }
}

const isFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe('a cell with a separator inside, read with either list separator', () => {
  const texts = ['x;=1+1', 'x,=1+1', 'a; -b', 'y;@SUM(A1:A9);+1', 'plain; text, both', 'n;-12'];

  it('keeps each text one cell, as it was, in a spreadsheet that splits on commas', () => {
    for (const text of texts) {
      const line = [csvField(7), csvField(text), csvField('after')].join(',');
      const cells = spreadsheetCells(line, ',');
      expect(cells.length, line).toBe(3);
      expect(cells[1]!.replace(/([,;])'/g, '$1'), line).toBe(text);
      expect(cells.some(isFormula), line).toBe(false);
    }
    expect(spreadsheetCells(csvField('x;=1+1'), ',')).toEqual(["x;'=1+1"]);
  });

  it('lets no part become a formula in a spreadsheet that splits on semicolons', () => {
    for (const text of texts) {
      // A number before the cell leaves the quote in the middle of a cell for a `;` reader, so the text is cut at its `;`.
      for (const line of [[csvField(7), csvField(text)].join(','), csvField(text)]) {
        const cells = spreadsheetCells(line, ';');
        expect(cells.some(isFormula), `${line} → ${JSON.stringify(cells)}`).toBe(false);
      }
    }
    expect(spreadsheetCells(['7', csvField('x;=1+1')].join(','), ';')).toEqual(['7,"x', '\'=1+1"']);
  });
});

describe('every CSV output', () => {
  it('the click report', () => {
    const report: ClickReport = {
      query: { by: ['page', 'placement'], since: '2026-11-01', until: '2026-11-30', includeBots: false },
      rows: HOSTILE.map((h) => ({ page: h, placement: '-hero', clicks: 1, uniques: 1 })),
      total: { clicks: HOSTILE.length, uniques: HOSTILE.length },
    };
    const rows = read(formatCsv(report));
    expect(rows.map((r) => r.page)).toEqual(HOSTILE.map((h) => `'${h}`));
    expect(rows.every((r) => r.placement === "'-hero" && r.clicks === '1')).toBe(true);
  });

  it('the stats report, which the dashboard downloads too, with a negative revenue left a number', () => {
    const row = (page: string) => ({
      page,
      views: 3,
      clicks: 1,
      clickers: 1,
      ctr: 0.5,
      conversions: 1,
      revenue: { USD: '-12.5000' },
      epc: { USD: '-12.5000' },
      conversion_rate: 1,
    });
    const report: StatsReport = {
      query: { by: ['page'], since: '2026-11-01', until: '2026-11-30' },
      rows: HOSTILE.map(row),
      total: row('total'),
      unmatched: { conversions: 0, revenue: {} },
    };
    const rows = read(formatStatsCsv(report));
    expect(rows.map((r) => r.page)).toEqual(HOSTILE.map((h) => `'${h}`));
    expect(rows[0]!.revenue_USD).toBe('-12.5000');
  });

  it('messages and subscribers (any list of records)', () => {
    const rows = HOSTILE.map((h, i) => ({ id: i + 1, email: '=1+1@example.com', subject: h }));
    const back = read(formatRecords(rows, ['id', 'email', 'subject'], 'csv'));
    expect(back.map((r) => r.subject)).toEqual(HOSTILE.map((h) => `'${h}`));
    expect(back.every((r) => r.email === "'=1+1@example.com")).toBe(true);
    expect(back.map((r) => r.id)).toEqual(HOSTILE.map((_, i) => String(i + 1)));
  });
});
