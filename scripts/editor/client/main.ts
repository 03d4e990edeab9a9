/**
 * The editor page: the list of content files by kind (#/), and one file's form beside its preview (#/file/<path>).
 * Plain DOM, no framework: a few hundred lines, bundled by esbuild when `vpnsite dev` starts.
 */
import { call, type Listing } from './api.ts';
import { h } from './dom.ts';
import { openFile } from './file-view.ts';

const main = () => document.getElementById('main')!;

const STANDING: Record<string, string> = { live: 'Published', draft: 'Draft', scheduled: 'Scheduled', expired: 'Expired' };

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

async function showList(): Promise<void> {
  const { body } = await call<Listing>('GET', '/_edit/api/files');
  const heading = h('h1', { tabindex: '-1' }, 'Content');
  const kindSelect = h(
    'select',
    { id: 'new-kind' },
    body.scaffolds.map((k) => h('option', { value: k }, k)),
  );
  const slug = h('input', {
    id: 'new-slug',
    type: 'text',
    required: true,
    pattern: '[a-z0-9]+(-[a-z0-9]+)*',
    placeholder: 'e.g. example-vpn',
    autocomplete: 'off',
  });
  const newError = h('p', { class: 'err', id: 'new-error', role: 'alert' });
  slug.setAttribute('aria-describedby', 'new-help new-error');
  const newForm = h(
    'form',
    { class: 'new', 'aria-labelledby': 'new-h' },
    h('h2', { id: 'new-h' }, 'New'),
    h(
      'p',
      { class: 'help', id: 'new-help' },
      'Starts a draft from the same scaffold as vpnsite new: every field described, nothing a published page would contradict.',
    ),
    h(
      'div',
      { class: 'row' },
      h('div', { class: 'field' }, h('label', { for: 'new-kind' }, 'Kind'), kindSelect),
      h('div', { class: 'field' }, h('label', { for: 'new-slug' }, 'Slug (file name and URL)'), slug),
      h('button', { type: 'submit' }, 'Create'),
    ),
    newError,
  );
  newForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const { status, body: made } = await call<{ path?: string; error?: string }>('POST', '/_edit/api/new', {
      kind: kindSelect.value,
      slug: slug.value,
    });
    if (status === 201 && made.path) location.hash = `#/file/${made.path}`;
    else newError.textContent = made.error ?? `not created (${status})`;
  });

  const kinds = body.kinds
    .filter((k) => k.files.length)
    .map((k) =>
      h(
        'section',
        { class: 'kind', 'aria-labelledby': `k-${k.kind}` },
        h('h2', { id: `k-${k.kind}` }, k.label, h('span', { class: 'count' }, ` ${k.files.length}`)),
        h(
          'ul',
          { class: 'files' },
          k.files.map((f) =>
            h(
              'li',
              {},
              h('a', { href: `#/file/${f.path}` }, h('span', { class: 'title' }, f.title), h('span', { class: 'path' }, f.path)),
              h(
                'span',
                { class: 'badges' },
                f.standing === 'live' ? null : h('span', { class: `badge ${f.standing}` }, STANDING[f.standing]),
                f.errors ? h('span', { class: 'badge error' }, `${f.errors} error${f.errors === 1 ? '' : 's'}`) : null,
                f.warnings ? h('span', { class: 'badge warning' }, `${f.warnings} warning${f.warnings === 1 ? '' : 's'}`) : null,
                !f.errors && !f.warnings ? h('span', { class: 'badge ok' }, 'no problems') : null,
              ),
            ),
          ),
        ),
      ),
    );

  const schedule = h(
    'section',
    { class: 'schedule', 'aria-labelledby': 'schedule-h' },
    h('h2', { id: 'schedule-h' }, 'Scheduled'),
    h('p', { class: 'help' }, 'What will publish or expire, and when (UTC, the site’s time zone): the list vpnsite schedule prints.'),
    body.schedule.length
      ? h(
          'ul',
          { class: 'files' },
          body.schedule.map((c) =>
            h(
              'li',
              {},
              h(
                'a',
                { href: `#/file/${c.file}` },
                h('span', { class: 'title' }, `${c.action === 'publish' ? 'Publishes' : 'Expires'} ${utc(c.at)}`),
                h('span', { class: 'path' }, `${c.what} · ${c.file}`),
              ),
            ),
          ),
        )
      : h('p', {}, 'Nothing is scheduled.'),
  );

  main().replaceChildren(heading, newForm, schedule, ...kinds);
  document.title = 'Content editor · vpnsite dev';
  heading.focus();
}

async function route(): Promise<void> {
  const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (hash.startsWith('/file/')) await openFile(main(), hash.slice('/file/'.length));
  else await showList();
}

window.addEventListener('hashchange', () => void route());
void route();
