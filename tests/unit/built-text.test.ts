/** The text two builds are compared by: what a reader sees, block by block, without the elements added on purpose. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareBuilds, pageText } from '../../scripts/lib/built-text.ts';

const PAGE = (table: string, extra = '') => `<!DOCTYPE html><html><head><title>T</title><script>var x = "<p>no</p>";</script>
<style>p{color:red}</style></head><body><p>Median <b>89.5</b> Mbps<br>kept</p>${extra}<table><tr><td>${table}</td></tr></table>
<img src="a.png"><svg><path d="M0"/></svg><p>after</p></body></html>`;

/** A built site of one page in a new temporary directory. */
function site(html: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vpnsite-built-text-'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'a/index.html'), html);
  return dir;
}

describe('built text', () => {
  it('reads the visible text block by block, without scripts, styles or the ignored elements', () => {
    expect(pageText(PAGE('94', '<div data-testid="new">Tested on 15 Jan 2025</div>'), new Set(['new'])).split('\n')).toEqual([
      'T',
      'Median',
      '89.5',
      'Mbps',
      'kept',
      '94',
      'after',
    ]);
  });

  it('finds the page and the first line where two builds differ, and nothing when only ignored elements do', () => {
    const before = site(PAGE('94'));
    expect(
      compareBuilds(before, site(PAGE('94', '<section data-testid="change-log"><h2>What changed</h2></section>')), new Set(['change-log'])),
    ).toEqual([]);
    expect(compareBuilds(before, site(PAGE('95')), new Set())).toEqual([{ page: 'a/index.html', before: '94', after: '95' }]);
  });
});
