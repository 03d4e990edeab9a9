/** Which of the sitemap's pages the tests that open every page in a browser visit. */

const PAIR = /^\/compare\/[^/]+-vs-[^/]+$/;

/**
 * Every page but the head-to-head pages, of which a sample: all 28 come from one template and differ only in the
 * two records they show (tests/e2e/compare.test.ts checks each one's figures), and a per-page browser check such as
 * axe on all of them took longer than the rest of the site together. The sample holds the first pair, the last, and
 * the first with the longest name and with a criterion one provider was not tested for.
 */
export function pagesToVisit(paths: readonly string[]): string[] {
  const pairs = paths.filter((p) => PAIR.test(p));
  const sample = new Set([pairs[0], pairs.at(-1), pairs.find((p) => p.includes('private-internet-access')), pairs.find((p) => p.includes('tunnelbear'))]);
  return paths.filter((p) => !PAIR.test(p) || sample.has(p));
}
