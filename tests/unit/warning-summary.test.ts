import { describe, expect, it } from 'vitest';
import { warningSummary } from '../../scripts/cli/warning-summary.ts';

const w = (message: string, at = 'data/x.yaml:1:1') => ({ message, line: `${at} warning ${message}` });

describe('warningSummary', () => {
  it('counts each kind once, in the order it first appears, with its first warning as the example', () => {
    const lines = warningSummary([
      w('price checked on 2025-01-15, 675 days ago (more than 90, site.yaml prices.maxAgeDays): check it', 'data/providers/a.yaml:34:14'),
      w("no affiliate link yet ('#a'): /go/a sends visitors to https://a.example, unpaid, until one is set", 'data/providers/a.yaml:41:12'),
      w('price checked on 2025-02-01, 658 days ago (more than 90, site.yaml prices.maxAgeDays): check it', 'data/providers/b.yaml:30:14'),
      w('offer ended on 2025-01-31; the site no longer shows it', 'data/deals.yaml:26:11'),
    ]);
    expect(lines).toEqual([
      '2 prices older than 90 days, e.g. data/providers/a.yaml:34:14 warning price checked on 2025-01-15, 675 days ago (more than 90, site.yaml prices.maxAgeDays): check it',
      "1 provider without an affiliate link, e.g. data/providers/a.yaml:41:12 warning no affiliate link yet ('#a'): /go/a sends visitors to https://a.example, unpaid, until one is set",
      '1 offer that has ended, e.g. data/deals.yaml:26:11 warning offer ended on 2025-01-31; the site no longer shows it',
    ]);
  });

  it('groups a warning of no known kind with those that differ only in numbers and quoted text', () => {
    expect(warningSummary([w("the file 'a' is 3 days old"), w("the file 'b' is 12 days old"), w('something else')])).toEqual([
      "2 warnings like this, e.g. data/x.yaml:1:1 warning the file 'a' is 3 days old",
      '1 warning like this, e.g. data/x.yaml:1:1 warning something else',
    ]);
  });
});
