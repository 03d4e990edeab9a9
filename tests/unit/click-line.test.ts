import { describe, expect, it } from 'vitest';
import { clickLine, parseClickLine } from '../../services/shared/click-line.ts';
import type { ClickRow } from '../../services/clicks/index.ts';

const row = (over: Partial<ClickRow> = {}): ClickRow => ({
  id: 41_000_123,
  key: null,
  clickedAt: '2026-11-26T23:59:59.999Z',
  provider: 'nordvpn',
  destination: 'affiliate',
  paid: true,
  variant: null,
  country: 'DE',
  device: 'desktop',
  fromPath: '/',
  placement: 'hero',
  isBot: false,
  overBudget: true,
  visitorHash: 'a'.repeat(64),
  userAgent: 'Mozilla/5.0',
  referrer: null,
  ...over,
});

describe('a click as a COPY line (the journal line the writer sends as it is)', () => {
  it('reads back every field, nulls and the characters COPY escapes included', () => {
    const odd = ['back\\slash \\N \\t', 'tab\there', 'new\nline and \r return', '\\N', '"quotes" é 日本 🙂', ''];
    for (const text of odd) {
      const r = row({ userAgent: text, referrer: `https://example.com/${text}`, variant: text === '' ? null : 'website' });
      const line = clickLine(r);
      expect(line).not.toMatch(/\n/);
      expect(line.split('\t')).toHaveLength(15);
      expect(parseClickLine(line)).toEqual({ ...r, line });
    }
  });

  it('refuses what is not a line of its own: JSON, a cut-off line, a line without an id or provider', () => {
    const line = clickLine(row());
    expect(parseClickLine('{"id":1}')).toBeNull();
    expect(parseClickLine(line.slice(0, line.lastIndexOf('\t')))).toBeNull();
    expect(parseClickLine(line.replace(/^\d+/, 'x'))).toBeNull();
    expect(parseClickLine(line.replace('\tnordvpn\t', '\t\\N\t'))).toBeNull();
  });
});
