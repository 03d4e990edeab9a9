/**
 * One real build of content an editor made with `vpnsite new` and the publishing fields: the new provider, article
 * and guide validate and build; a draft and an article whose publishAt is to come are built nowhere (no page, no
 * index card, no sitemap entry); one whose publishAt has passed is built; the build prints the next change and
 * writes it to _schedule.json, which `vpnsite schedule` lists too.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listYamlFiles } from '../../services/content/source.ts';
import { copyOfData, edit, vpnsite } from '../helpers/cli.ts';

const NOW = '2026-11-21T12:00:00Z';

describe('vpnsite new, drafts and the publishing clock, built', () => {
  it('builds what is published and nothing else, and says when that changes', () => {
    const data = copyOfData();
    const out = join(mkdtempSync(join(tmpdir(), 'vpnsite-publishing-')), 'dist');
    const env = { VPNSITE_NOW: NOW };
    for (const [kind, slug] of [['provider', 'example-vpn'], ['article', 'fresh-article'], ['guide', 'fresh-guide']]) {
      const made = vpnsite(['new', kind!, slug!, '--data', data], env);
      expect(made.status, made.stderr).toBe(0);
      expect(readFileSync(join(data, `${kind}s`, `${slug}.yaml`), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\S+\/services\/content\/schemas\/json\/\w+\.schema\.json\n# /);
    }
    expect(vpnsite(['new', 'article', 'fresh-article', '--data', data], env).status).toBe(1);
    expect(vpnsite(['new', 'page', 'x', '--data', data], env).status).toBe(2);

    edit(join(data, 'articles/is-free-vpn-safe.yaml'), 'slug: is-free-vpn-safe\n', 'slug: is-free-vpn-safe\ndraft: true\n');
    edit(join(data, 'articles/vpn-speed-test.yaml'), 'slug: vpn-speed-test\n', 'slug: vpn-speed-test\npublishAt: 2026-12-01T09:00:00Z\n');
    edit(join(data, 'articles/vpn-vs-proxy.yaml'), 'slug: vpn-vs-proxy\n', 'slug: vpn-vs-proxy\npublishAt: 2026-11-01T09:00:00Z\n');
    // A link to either unpublished article is an error; the pages that link to them link elsewhere.
    const linked = vpnsite(['validate', '--data', data], env);
    expect(linked.status).toBe(1);
    expect(linked.stdout).toMatch(/internal link \/articles\/vpn-speed-test leads to a page that is not on the site: it is not published until 2026-12-01T09:00:00Z/);
    expect(linked.stdout).toMatch(/internal link \/articles\/is-free-vpn-safe leads to a page that is not on the site: it is a draft/);
    for (const rel of listYamlFiles(data)) {
      const text = readFileSync(join(data, rel), 'utf8');
      const kept = text.replace(/href: \/articles\/(vpn-speed-test|is-free-vpn-safe) \}/g, 'href: /articles/vpn-for-netflix }');
      if (kept !== text) writeFileSync(join(data, rel), kept);
    }
    const valid = vpnsite(['validate', '--data', data], env);
    expect(valid.status, valid.stdout).toBe(0);

    const build = vpnsite(['build', '--data', data, '--out', out], env);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout).toContain('schedule   next change at 2026-12-01T09:00:00.000Z: publish /articles/vpn-speed-test (articles/vpn-speed-test.yaml)');
    const schedule = JSON.parse(readFileSync(join(out, '_schedule.json'), 'utf8')) as { next: string; changes: { at: string; action: string; what: string }[] };
    expect(schedule.next).toBe('2026-12-01T09:00:00.000Z');
    expect(schedule.changes.map((c) => [c.at, c.action, c.what])).toEqual([['2026-12-01T09:00:00.000Z', 'publish', '/articles/vpn-speed-test']]);

    const page = (path: string) => join(out, path, 'index.html');
    for (const path of ['articles/fresh-article', 'fresh-guide', 'articles/vpn-vs-proxy']) expect(existsSync(page(path)), path).toBe(true);
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    const index = readFileSync(page('articles'), 'utf8');
    for (const slug of ['is-free-vpn-safe', 'vpn-speed-test']) {
      expect(existsSync(page(`articles/${slug}`)), slug).toBe(false);
      expect(sitemap).not.toContain(`/articles/${slug}<`);
      expect(index).not.toContain(`/articles/${slug}"`);
    }
    expect(index).toContain('/articles/fresh-article"');

    const listed = vpnsite(['schedule', '--data', data], env);
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim()).toBe('2026-12-01T09:00:00.000Z  publish  /articles/vpn-speed-test  articles/vpn-speed-test.yaml');
  }, 600_000);
});
