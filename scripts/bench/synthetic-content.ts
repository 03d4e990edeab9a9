/**
 * Schema-valid synthetic content for build benchmarks: the real data/ plus copies of real providers and
 * articles under new slugs, so every block type the real articles use is exercised at scale.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SyntheticPlan {
  /** Pages the site should have in total (roughly: fixed pages + reviews + articles). */
  totalPages: number;
}

/** Writes data for about `totalPages` pages into `dir`; returns the counts it made. */
export function writeSyntheticContent(sourceData: string, dir: string, plan: SyntheticPlan) {
  cpSync(sourceData, dir, { recursive: true });
  const providerFiles = readdirSync(join(sourceData, 'providers')).filter((f) => f.endsWith('.yaml'));
  const articleFiles = readdirSync(join(sourceData, 'articles')).filter((f) => f.endsWith('.yaml'));
  const existing = providerFiles.length + articleFiles.length;
  const fixed = 30 - existing > 0 ? 30 - existing : 20;
  const extra = Math.max(0, plan.totalPages - existing - fixed);
  // One synthetic review page for every four synthetic articles.
  const providers = Math.floor(extra / 5);
  const articles = extra - providers;
  mkdirSync(join(dir, 'providers'), { recursive: true });
  for (let i = 0; i < providers; i++) {
    const base = providerFiles[i % providerFiles.length]!;
    const slug = `${base.replace(/\.yaml$/, '')}-x${i}`;
    const text = readFileSync(join(sourceData, 'providers', base), 'utf8')
      .replace(/^slug: .*$/m, `slug: ${slug}`)
      .replace(/^order: .*$/m, `order: ${100 + i}`)
      .replace(/^featured: true\n/m, '')
      .replace(/^name: "?(.*?)"?$/m, (_, n: string) => `name: "${n} ${i}"`)
      .replace(/^(\s+title: )"?(.*?)"?$/gm, (_, k: string, t: string) => `${k}"${t} (${i})"`)
      .replace(/^(\s+description: )"?(.*?)"?$/gm, (_, k: string, t: string) => `${k}"${t} (${i})"`);
    writeFileSync(join(dir, 'providers', `${slug}.yaml`), text);
  }
  for (let i = 0; i < articles; i++) {
    const base = articleFiles[i % articleFiles.length]!;
    const slug = `${base.replace(/\.yaml$/, '')}-x${i}`;
    const text = readFileSync(join(sourceData, 'articles', base), 'utf8')
      .replace(/^slug: .*$/m, `slug: ${slug}`)
      .replace(/^title: "?(.*?)"?$/m, (_, t: string) => `title: "${t} (${i})"`)
      .replace(/^(\s+title: )"?(.*?)"?$/m, (_, k: string, t: string) => `${k}"${t} (${i})"`)
      .replace(/^(\s+description: )"?(.*?)"?$/m, (_, k: string, t: string) => `${k}"${t} (${i})"`);
    writeFileSync(join(dir, 'articles', `${slug}.yaml`), text);
  }
  return { providers, articles };
}
