/**
 * Drafts and the publishing clock, over the real content: a draft or a page before its publishAt or after its
 * expiresAt has no route (so no page, no index card, no sitemap entry), a link to it is one error that says why,
 * `vpnsite dev` (preview) keeps it, and the schedule names each time to come. The articles index reads newest first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem, newestFirst, readingMinutes, type ContentFile } from '../../services/content/index.ts';
import { listYamlFiles } from '../../services/content/source.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const real = (): Map<string, string> => new Map(listYamlFiles('data').map((rel) => [rel, readFileSync(join('data', rel), 'utf8')]));
const check = (files: Map<string, string>, opts: { preview?: boolean; now?: string } = {}) =>
  checkFiles('data', [...files].map(([rel, text]): ContentFile => ({ rel, text })), { today: '2026-11-21', now: NOW, ...opts });
const withLine = (files: Map<string, string>, rel: string, line: string) => files.set(rel, `${files.get(rel)!.trimEnd()}\n${line}\n`);
const errors = (r: ReturnType<typeof check>) => r.problems.filter((p) => p.severity === 'error').map(formatProblem);

// Each test loads the whole content, whose schemas compile on first use: seconds on a busy machine.
describe('drafts and the publishing clock', { timeout: 60_000 }, () => {
  it('leaves a draft article out of the routes and the content, and keeps it in preview', () => {
    const files = real();
    withLine(files, 'articles/is-free-vpn-safe.yaml', 'draft: true');
    // Nothing links to it in this set but the article that does: take that link out first.
    const linking = [...files].filter(([rel, text]) => rel !== 'articles/is-free-vpn-safe.yaml' && text.includes('/articles/is-free-vpn-safe'));
    for (const [rel, text] of linking) files.set(rel, text.replace(/\n\s*- \{ label: [^}]*href: \/articles\/is-free-vpn-safe \}/g, ''));
    const built = check(files);
    expect(errors(built)).toEqual([]);
    expect(built.routes.map((r) => r.path)).not.toContain('/articles/is-free-vpn-safe');
    expect(built.content!.articles.map((a) => a.slug)).not.toContain('is-free-vpn-safe');
    const preview = check(files, { preview: true });
    expect(preview.routes.map((r) => r.path)).toContain('/articles/is-free-vpn-safe');
    expect(preview.content!.articles.find((a) => a.slug === 'is-free-vpn-safe')!.draft).toBe(true);
    // The problems are the same either way: what validate reports is what dev shows.
    expect(preview.problems).toEqual(built.problems);
  });

  it('makes a link to a page that is not on the site one error that says why', () => {
    const files = real();
    withLine(files, 'articles/vpn-vs-proxy.yaml', 'publishAt: 2026-12-01T09:00:00Z');
    const linked = [...files].filter(([rel, text]) => rel !== 'articles/vpn-vs-proxy.yaml' && text.includes('href: /articles/vpn-vs-proxy'));
    expect(linked.length).toBeGreaterThan(0);
    const found = errors(check(files));
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e).toMatch(/internal link \/articles\/vpn-vs-proxy leads to a page that is not on the site: it is not published until 2026-12-01T09:00:00Z/);
    // Once its time has come, the same content is valid.
    expect(errors(check(files, { now: '2026-12-01T09:00:00.000Z' }))).toEqual([]);
  });

  it('builds a page whose publishAt has passed, drops one whose expiresAt has, and schedules what is to come', () => {
    const files = real();
    withLine(files, 'guides/router-setup-guide.yaml', 'publishAt: 2026-11-01T00:00:00Z');
    withLine(files, 'guides/mobile-setup-guide.yaml', 'expiresAt: 2027-01-31T23:59:00Z');
    files.set('deals.yaml', files.get('deals.yaml')!.replace(/(\n  - provider: \w[\w-]*\n)/, '$1    publishAt: 2026-11-28T08:00:00Z\n'));
    const now = check(files);
    expect(errors(now)).toEqual([]);
    expect(now.routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/router-setup-guide', '/mobile-setup-guide']));
    expect(now.schedule.map((c) => [c.at, c.action, c.file])).toEqual([
      ['2026-11-28T08:00:00.000Z', 'publish', 'deals.yaml'],
      ['2027-01-31T23:59:00.000Z', 'expire', 'guides/mobile-setup-guide.yaml'],
    ]);
    const dealsNow = now.content!.deals!.deals.length;
    const later = check(files, { now: '2027-02-01T00:00:00.000Z' });
    expect(later.routes.map((r) => r.path)).not.toContain('/mobile-setup-guide');
    expect(later.schedule).toEqual([]);
    // The site's menu still links to the expired guide: that link is the error, where it is.
    const found = errors(later);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e).toMatch(/internal link \/mobile-setup-guide leads to a page that is not on the site: it expired at 2027-01-31T23:59:00Z/);
    files.set('guides/mobile-setup-guide.yaml', files.get('guides/mobile-setup-guide.yaml')!.replace('expiresAt: 2027-01-31T23:59:00Z', ''));
    expect(check(files, { now: '2027-02-01T00:00:00.000Z' }).content!.deals!.deals.length).toBe(dealsNow + 1);
  });
});

describe('the articles index order and reading time', { timeout: 60_000 }, () => {
  it('puts the newest first and one day by slug', () => {
    const list = newestFirst([
      { slug: 'b', published: '2025-01-15' },
      { slug: 'c', published: '2026-03-01' },
      { slug: 'a', published: '2025-01-15' },
    ]);
    expect(list.map((a) => a.slug)).toEqual(['c', 'a', 'b']);
  });

  it('counts the words of every block, not their type tags, at 200 a minute', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readingMinutes([{ type: 'prose', paragraphs: [words(150)] }])).toBe(1);
    expect(readingMinutes([{ type: 'prose', paragraphs: [words(150)] }, { type: 'list', items: [{ text: words(100) }] }])).toBe(2);
  });
});
