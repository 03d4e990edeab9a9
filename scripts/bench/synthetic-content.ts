/**
 * Schema-valid synthetic content for build benchmarks: the real data/ plus copies of the real providers and
 * articles under new slugs (parsed and re-serialised, so they stay valid), exercising every block type the real
 * articles use at scale.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

type Doc = Record<string, unknown> & { meta?: { title: string; description: string } };

const load = (path: string) => parse(readFileSync(path, 'utf8')) as Doc;

/**
 * Makes a copy unique: its own slug, and a numbered title and description so head tags stay unique. The number is
 * written in base 36 (`#1kb`), never four digits (`#2019`), which the title rule would read as a year.
 */
const tag = (i: number) => i.toString(36);
function variant(doc: Doc, slug: string, i: number): Doc {
  const meta = (m: { title: string; description: string }) => ({
    ...m,
    title: `${m.title} #${tag(i)}`,
    description: `${m.description.slice(0, 140)} #${tag(i)}`,
  });
  return { ...doc, slug, ...(doc.meta ? { meta: meta(doc.meta) } : {}) };
}

/** Writes data for about `totalPages` pages into `dir`; returns how many providers and articles it added. */
export function writeSyntheticContent(sourceData: string, dir: string, plan: { totalPages: number }) {
  cpSync(sourceData, dir, { recursive: true });
  // Copies of the reviewed providers: each copy is a review page (one that articles only recommend has none).
  const providers = readdirSync(join(sourceData, 'providers'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => load(join(sourceData, 'providers', f)))
    .filter((p) => p.review);
  const articles = readdirSync(join(sourceData, 'articles'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => load(join(sourceData, 'articles', f)));
  // The real site's pages: home, listings, 8 reviews, 4 guides, 6 company pages, 10 articles, the method page, the
  // comparison table and its 28 head-to-head pages.
  const existing = 63;
  const extra = Math.max(0, plan.totalPages - existing);
  // One synthetic review page for every four synthetic articles, up to 200 providers: the home page and
  // /vpn-reviews list every provider, and past ~250 those two pages alone outgrow the 60 KB HTML budget
  // (1,993 providers: 273 and 323 KB gzip). Listing that many would need pagination, a product change.
  const newProviders = Math.min(200, Math.floor(extra / 5));
  const newArticles = extra - newProviders;
  mkdirSync(join(dir, 'providers'), { recursive: true });
  for (let i = 0; i < newProviders; i++) {
    const base = providers[i % providers.length]!;
    const slug = `${base.slug as string}-x${i}`;
    const { review, ...card } = variant(base, slug, i);
    const r = review as Doc;
    const copy = {
      ...card,
      name: `${base.name as string} ${i}`,
      review: {
        ...r,
        meta: { ...r.meta!, title: `${r.meta!.title} #${tag(i)}`, description: `${r.meta!.description.slice(0, 140)} #${tag(i)}` },
      },
    };
    writeFileSync(join(dir, 'providers', `${slug}.yaml`), stringify(copy));
  }
  // Head-to-head pages among the real eight only: every pair of 208 providers would be 21,528 pages, more than the
  // rest of the site, and no editor would publish them.
  const comparison = load(join(sourceData, 'comparison.yaml'));
  writeFileSync(
    join(dir, 'comparison.yaml'),
    stringify({ ...comparison, pairs: { ...(comparison.pairs as object), limit: providers.length } }),
  );
  // The copies rank beside their originals, so the real head-to-head pages' own copy would name pairs that are no
  // longer among the first eight: those pages are made from the providers alone here.
  rmSync(join(dir, 'compare'), { recursive: true, force: true });
  for (let i = 0; i < newArticles; i++) {
    const base = articles[i % articles.length]!;
    const slug = `${base.slug as string}-x${i}`;
    writeFileSync(join(dir, 'articles', `${slug}.yaml`), stringify(variant(base, slug, i)));
  }
  return { providers: newProviders, articles: newArticles };
}
