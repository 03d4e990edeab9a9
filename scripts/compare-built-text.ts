/**
 * Compares the visible text of every page of two builds: `tsx scripts/compare-built-text.ts BEFORE AFTER [TESTID…]`.
 * The elements named by data-testid are left out (what a change adds on purpose); exit 0 when every other line is
 * the same, 1 with each differing page and its first differing line.
 */
import { compareBuilds } from './lib/built-text.ts';

const [before, after, ...ignore] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: tsx scripts/compare-built-text.ts BEFORE_DIR AFTER_DIR [DATA_TESTID…]');
  process.exit(2);
}
const diffs = compareBuilds(before, after, new Set(ignore));
for (const d of diffs) console.log(`${d.page}\n  before: ${d.before ?? '(none)'}\n  after:  ${d.after ?? '(none)'}`);
console.log(diffs.length ? `✗ ${diffs.length} page(s) differ` : '✓ every page reads the same');
process.exit(diffs.length ? 1 : 0);
