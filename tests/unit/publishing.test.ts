/**
 * Drafts and the publishing clock, over the real content: a draft or a page before its publishAt or after its
 * expiresAt has no route (so no page, no index card, no sitemap entry), a link to it is one error that says why,
 * `vpnsite dev` (preview) keeps it, and the schedule names each time to come. The articles index reads newest first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkFiles, formatProblem, newestFirst, readingMinutes, type ContentFile } from '../../services/content/index.ts';
import { listYamlFiles } from '../../services/content/source.ts';
import { scaffold } from '../../services/content/scaffold.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const real = (): Map<string, string> => new Map(listYamlFiles('data').map((rel) => [rel, readFileSync(join('data', rel), 'utf8')]));
const check = (files: Map<string, string>, opts: { preview?: boolean; now?: string } = {}) =>
  checkFiles(
    'data',
    [...files].map(([rel, text]): ContentFile => ({ rel, text })),
    { today: '2026-11-21', now: NOW, ...opts },
  );
const withLine = (files: Map<string, string>, rel: string, line: string) => files.set(rel, `${files.get(rel)!.trimEnd()}\n${line}\n`);
const errors = (r: ReturnType<typeof check>) => r.problems.filter((p) => p.severity === 'error').map(formatProblem);

// Each test loads the whole content, whose schemas compile on first use: seconds on a busy machine.
describe('drafts and the publishing clock', { timeout: 60_000 }, () => {
  it('leaves a draft article out of the routes and the content, and keeps it in preview', () => {
    const files = real();
    withLine(files, 'articles/is-free-vpn-safe.yaml', 'draft: true');
    // Nothing links to it in this set but the article that does: take that link out first.
    const linking = [...files].filter(
      ([rel, text]) => rel !== 'articles/is-free-vpn-safe.yaml' && text.includes('/articles/is-free-vpn-safe'),
    );
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
    const linked = [...files].filter(
      ([rel, text]) => rel !== 'articles/vpn-vs-proxy.yaml' && text.includes('href: /articles/vpn-vs-proxy'),
    );
    expect(linked.length).toBeGreaterThan(0);
    const found = errors(check(files));
    expect(found.length).toBeGreaterThan(0);
    for (const e of found)
      expect(e).toMatch(
        /internal link \/articles\/vpn-vs-proxy leads to a page that is not on the site: it is not published until 2026-12-01T09:00:00Z/,
      );
    // Once its time has come, the same content is valid.
    expect(errors(check(files, { now: '2026-12-01T09:00:00.000Z' }))).toEqual([]);
  });

  it('builds a page whose publishAt has passed, drops one whose expiresAt has, and schedules what is to come', () => {
    const files = real();
    withLine(files, 'guides/router-setup-guide.yaml', 'publishAt: 2026-11-01T00:00:00Z');
    withLine(files, 'guides/mobile-setup-guide.yaml', 'expiresAt: 2027-01-31T23:59:00Z');
    files.set('deals.yaml', files.get('deals.yaml')!.replace(/(\n {2}- provider: \w[\w-]*\n)/, '$1    publishAt: 2026-11-28T08:00:00Z\n'));
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
    for (const e of found)
      expect(e).toMatch(/internal link \/mobile-setup-guide leads to a page that is not on the site: it expired at 2027-01-31T23:59:00Z/);
    files.set(
      'guides/mobile-setup-guide.yaml',
      files.get('guides/mobile-setup-guide.yaml')!.replace('expiresAt: 2027-01-31T23:59:00Z', ''),
    );
    expect(check(files, { now: '2027-02-01T00:00:00.000Z' }).content!.deals!.deals.length).toBe(dealsNow + 1);
  });
});

/** The real content with a provider just made by `vpnsite new`: a draft, every text a TODO. */
const withDraftProvider = () => {
  const files = real();
  const criteria = (parse(files.get('methodology.yaml')!) as { criteria: { id: string }[] }).criteria.map((c) => c.id);
  const author = (parse(files.get('authors.yaml')!) as { authors: { id: string }[] }).authors[0]!.id;
  files.set(
    'providers/example-vpn.yaml',
    scaffold('provider', 'example-vpn', { schemaPath: 'x.json', today: '2026-11-21', order: 1, criteria, author }),
  );
  return files;
};
const ARTICLE = 'articles/is-free-vpn-safe.yaml';
/** The line and column (1-based) where `needle` starts in the file's text, as a problem names them. */
const position = (text: string, needle: string, from = 0) => {
  const at = text.indexOf(needle);
  expect(at, needle).toBeGreaterThan(-1);
  const before = text.slice(0, at + from).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
};

describe('a draft provider', { timeout: 60_000 }, () => {
  it('is valid with its placeholders as warnings, is on no page of a build, and is kept in preview', () => {
    const files = withDraftProvider();
    const built = check(files);
    expect(errors(built)).toEqual([]);
    const reminders = built.problems.filter((p) => p.file.endsWith('example-vpn.yaml') && /placeholder text 'TODO'/.test(p.message));
    expect(reminders.length).toBeGreaterThan(0);
    for (const p of reminders) expect(p.severity).toBe('warning');
    expect(built.routes.map((r) => r.path).filter((p) => p.includes('example-vpn'))).toEqual([]);
    expect(built.content!.providers.map((p) => p.slug)).not.toContain('example-vpn');
    const preview = check(files, { preview: true });
    expect(preview.routes.map((r) => r.path)).toContain('/vpn-reviews/example-vpn');
    expect(preview.content!.providers.find((p) => p.slug === 'example-vpn')!.draft).toBe(true);
    expect(preview.problems).toEqual(built.problems);

    // Without its flag, the same placeholders would reach visitors: each is an error.
    files.set('providers/example-vpn.yaml', files.get('providers/example-vpn.yaml')!.replace(/^draft: true\n/m, ''));
    const live = errors(check(files));
    // Nothing else: no made-up speed table a page would contradict, no emoji logo to fill in.
    expect(live.length).toBe(reminders.length);
    for (const e of live) expect(e).toMatch(/providers\/example-vpn\.yaml:\d+:\d+ error .*placeholder text 'TODO' is still in the content/);
  });

  // Each place live content names a provider, pointed at the draft: one error there, saying it is a draft.
  const places: [string, (text: string) => string, (text: string) => string][] = [
    [
      'a pick row',
      (t) => t.replace('      - provider: surfshark\n        label: Runner-Up', '      - provider: example-vpn\n        label: Runner-Up'),
      (t) => position(t, 'provider: example-vpn', 'provider: '.length),
    ],
    [
      'a figure',
      (t) => t.replace('"{{surfshark.servers}} servers', '"{{example-vpn.servers}} servers'),
      (t) => position(t, '{{example-vpn.servers}}'),
    ],
    [
      'a link to its review',
      (t) => t.replace('href: /articles/reduce-vpn-costs }', 'href: /vpn-reviews/example-vpn }'),
      (t) => position(t, '/vpn-reviews/example-vpn'),
    ],
    [
      'a /go/ link',
      (t) => t.replace('href: /articles/reduce-vpn-costs }', 'href: /go/example-vpn }'),
      (t) => position(t, '/go/example-vpn'),
    ],
  ];
  for (const [place, change, where] of places) {
    it(`may not be named by live content in ${place}; a draft may name it`, () => {
      const files = withDraftProvider();
      const rel = place === 'a pick row' || place === 'a figure' ? 'articles/vpn-vs-proxy.yaml' : ARTICLE;
      const changed = change(files.get(rel)!);
      expect(changed).not.toBe(files.get(rel));
      files.set(rel, changed);
      const found = errors(check(files));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`${rel}:${where(changed)} error`);
      expect(found[0]).toMatch(
        /Example Vpn is a draft \(providers\/example-vpn\.yaml has draft: true\)|its provider is a draft \(providers\/example-vpn\.yaml has draft: true\)/,
      );
      // The same reference from a draft is no error: both are off the site.
      files.set(rel, changed.replace(/^slug: ([\w-]+)\n/m, 'slug: $1\ndraft: true\n'));
      for (const [other, text] of files)
        if (other !== rel && text.includes(`/articles/${rel.slice(9, -5)} }`))
          files.set(other, text.replaceAll(`href: /articles/${rel.slice(9, -5)} }`, 'href: / }'));
      expect(errors(check(files))).toEqual([]);
    });
  }
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
    expect(
      readingMinutes([
        { type: 'prose', paragraphs: [words(150)] },
        { type: 'list', items: [{ text: words(100) }] },
      ]),
    ).toBe(2);
  });
});
