/**
 * Two real builds of content an editor made with `vpnsite new` and the publishing fields: the new provider, article
 * and guide validate as drafts and are built nowhere, then validate and build once filled in; a draft and an article whose publishAt is to come are built nowhere (no page, no
 * index card, no sitemap entry); one whose publishAt has passed is built; the build prints the next change and
 * writes it to _schedule.json, which `vpnsite schedule` lists too.
 */
import '../helpers/compiled-schemas.ts';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listYamlFiles } from '../../services/content/source.ts';
import { copyOfData, edit, vpnsite, vpnsiteInProcess as inProcess } from '../helpers/cli.ts';

const NOW = '2026-11-21T12:00:00Z';

/** The files `vpnsite new` makes, by kind, slug and the page each is published at. */
const MADE = [
  ['provider', 'example-vpn', 'vpn-reviews/example-vpn'],
  ['article', 'fresh-article', 'articles/fresh-article'],
  ['guide', 'fresh-guide', 'fresh-guide'],
] as const;

describe('vpnsite new, drafts and the publishing clock, built', () => {
  it('builds what is published and nothing else, and says when that changes', async () => {
    const data = copyOfData();
    const out = join(mkdtempSync(join(tmpdir(), 'vpnsite-publishing-')), 'dist');
    const env = { VPNSITE_NOW: NOW };
    // The first `new` runs as a real process; the other commands' logic runs in this one, the builds as processes.
    for (const [kind, slug] of MADE) {
      const made =
        kind === 'provider' ? vpnsite(['new', kind, slug, '--data', data], env) : await inProcess(['new', kind, slug, '--data', data], env);
      expect(made.status, made.stderr).toBe(0);
      const text = readFileSync(join(data, `${kind}s`, `${slug}.yaml`), 'utf8');
      expect(text).toMatch(/^# yaml-language-server: \$schema=\S+\/content\/schemas\/json\/\w+\.schema\.json\n# /);
      expect(text).toMatch(/^draft: true$/m);
    }
    expect((await inProcess(['new', 'article', 'fresh-article', '--data', data], env)).status).toBe(1);
    expect((await inProcess(['new', 'page', 'x', '--data', data], env)).status).toBe(2);
    // New files are drafts full of TODOs: valid, each TODO a reminder, none an error.
    const drafts = await inProcess(['validate', '--data', data, '--format', 'json'], env);
    expect(drafts.status, drafts.stdout).toBe(0);
    const problems = JSON.parse(drafts.stdout) as { file: string; line: number; severity: string; message: string }[];
    for (const [kind, slug] of MADE) {
      const reminders = problems.filter(
        (p) =>
          p.file.endsWith(`${kind}s/${slug}.yaml`) &&
          p.message.startsWith("placeholder text 'TODO' is still in this draft: fill it in before you publish"),
      );
      expect(reminders.length, slug).toBeGreaterThan(0);
      for (const p of reminders) expect(p.severity).toBe('warning');
    }

    edit(join(data, 'articles/is-free-vpn-safe.yaml'), 'slug: is-free-vpn-safe\n', 'slug: is-free-vpn-safe\ndraft: true\n');
    edit(join(data, 'articles/vpn-speed-test.yaml'), 'slug: vpn-speed-test\n', 'slug: vpn-speed-test\npublishAt: 2026-12-01T09:00:00Z\n');
    edit(join(data, 'articles/vpn-vs-proxy.yaml'), 'slug: vpn-vs-proxy\n', 'slug: vpn-vs-proxy\npublishAt: 2026-11-01T09:00:00Z\n');
    // A link to either unpublished article is an error; the pages that link to them link elsewhere.
    const linked = await inProcess(['validate', '--data', data], env);
    expect(linked.status).toBe(1);
    expect(linked.stdout).toMatch(
      /internal link \/articles\/vpn-speed-test leads to a page that is not on the site: it is not published until 2026-12-01T09:00:00Z/,
    );
    expect(linked.stdout).toMatch(/internal link \/articles\/is-free-vpn-safe leads to a page that is not on the site: it is a draft/);
    for (const rel of listYamlFiles(data)) {
      const text = readFileSync(join(data, rel), 'utf8');
      const kept = text.replace(/href: \/articles\/(vpn-speed-test|is-free-vpn-safe) \}/g, 'href: /articles/vpn-for-netflix }');
      if (kept !== text) writeFileSync(join(data, rel), kept);
    }
    const valid = await inProcess(['validate', '--data', data], env);
    expect(valid.status, valid.stdout).toBe(0);

    const build = vpnsite(['build', '--data', data, '--out', out], env);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout).toContain(
      'schedule   next change at 2026-12-01T09:00:00.000Z: publish /articles/vpn-speed-test (articles/vpn-speed-test.yaml)',
    );
    const schedule = JSON.parse(readFileSync(join(out, '_schedule.json'), 'utf8')) as {
      next: string;
      changes: { at: string; action: string; what: string }[];
    };
    expect(schedule.next).toBe('2026-12-01T09:00:00.000Z');
    expect(schedule.changes.map((c) => [c.at, c.action, c.what])).toEqual([
      ['2026-12-01T09:00:00.000Z', 'publish', '/articles/vpn-speed-test'],
    ]);

    const page = (path: string) => join(out, path, 'index.html');
    expect(existsSync(page('articles/vpn-vs-proxy'))).toBe(true);
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    const index = readFileSync(page('articles'), 'utf8');
    for (const slug of ['is-free-vpn-safe', 'vpn-speed-test']) {
      expect(existsSync(page(`articles/${slug}`)), slug).toBe(false);
      expect(sitemap).not.toContain(`/articles/${slug}<`);
      expect(index).not.toContain(`/articles/${slug}"`);
    }
    // The new drafts are built nowhere: no page, and not one file of the site names them.
    for (const [, slug, path] of MADE) {
      expect(existsSync(page(path)), path).toBe(false);
      const naming = listFiles(out).filter((f) => readFileSync(join(out, f), 'latin1').includes(slug));
      expect(naming, slug).toEqual([]);
    }

    const listed = await inProcess(['schedule', '--data', data], env);
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim()).toBe('2026-12-01T09:00:00.000Z  publish  /articles/vpn-speed-test  articles/vpn-speed-test.yaml');

    // Filled in and published (each TODO replaced, the draft line gone), they validate and build, each at its page.
    for (const [kind, slug] of MADE) {
      const file = join(data, `${kind}s`, `${slug}.yaml`);
      writeFileSync(
        file,
        readFileSync(file, 'utf8')
          .replace(/TODO (\w+)/g, 'Written $1')
          .replace(/^draft: true\n/m, ''),
      );
    }
    // A review shows the tests behind it: the new provider's first run, imported as data/README.md says.
    const imported = await inProcess(['tests', 'import', 'example-vpn', 'tests/fixtures/ookla/session.jsonl', '--data', data], env);
    expect(imported.status, imported.stderr).toBe(0);
    const published = await inProcess(['validate', '--data', data], env);
    expect(published.status, published.stdout).toBe(0);
    expect(published.stdout).not.toContain('TODO');
    const rebuilt = vpnsite(['build', '--data', data, '--out', out], env);
    expect(rebuilt.status, rebuilt.stdout + rebuilt.stderr).toBe(0);
    const sitemapNow = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    for (const [, , path] of MADE) {
      expect(existsSync(page(path)), path).toBe(true);
      expect(sitemapNow).toContain(`/${path}<`);
    }
    expect(readFileSync(page('articles'), 'utf8')).toContain('/articles/fresh-article"');
    expect(readFileSync(page('vpn-reviews'), 'utf8')).toContain('/vpn-reviews/example-vpn"');
  }, 900_000);
});

/** Every file below dir, relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}
