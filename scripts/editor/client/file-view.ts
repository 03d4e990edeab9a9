/**
 * One file open: its form, its problems (on their fields and in a list that links to them), Save, and the page it
 * makes in a preview beside the form. The content is checked a moment after each keystroke by the validator
 * `vpnsite validate` runs; a save the server refuses (errors, or the file changed on disk) says why and loses nothing.
 */
import { call, type FieldProblem, type Json, type OpenFile } from './api.ts';
import { announce, fieldId, h } from './dom.ts';
import { valueField } from './form.ts';
import { FormState } from './state.ts';

/** How long after the last keystroke the content is checked: the problems show well within 300 ms of it. */
const CHECK_DELAY_MS = 80;

export async function openFile(main: HTMLElement, path: string): Promise<void> {
  const { status, body: file } = await call<OpenFile & { error?: string }>('GET', `/_edit/api/file?path=${encodeURIComponent(path)}`);
  if (status !== 200 || !file.data) {
    main.replaceChildren(
      h('h1', { tabindex: '-1' }, path),
      h('p', { role: 'alert' }, file.error ?? 'This file does not parse: fix it in a text editor, where vpnsite dev shows the error.'),
      h('a', { href: '#/' }, 'Back to the list'),
    );
    return;
  }
  let version = file.version;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  let lastProblems: FieldProblem[] = file.problems;
  const state = new FormState(structuredClone(file.data), () => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), CHECK_DELAY_MS);
  });

  const heading = h('h1', { tabindex: '-1' }, file.path);
  const problemsBox = h('section', { class: 'problems', 'aria-labelledby': 'problems-h' });
  const notice = h('div', { class: 'notice', role: 'alert' });
  const saveButton = h('button', { type: 'submit', class: 'save' }, 'Save');
  const saved = h('p', { class: 'saved', 'aria-live': 'polite' });
  const form = h('form', { class: 'edit', novalidate: true }, valueField(state, file.schema, [], file.path, true));
  const preview = file.preview
    ? h('iframe', { class: 'preview', title: `Preview of ${file.preview}`, src: file.preview, loading: 'lazy' })
    : h('p', { class: 'help' }, 'This file has no page of its own: its figures show on the pages that use them.');

  function show(problems: FieldProblem[], figures: Record<string, string>): void {
    lastProblems = problems;
    for (const slot of state.slots.values()) {
      slot.err.replaceChildren();
      slot.input?.removeAttribute('aria-invalid');
      slot.wrap.classList.remove('has-error', 'has-warning');
    }
    const items: HTMLElement[] = [];
    for (const p of problems) {
      const found = state.slotFor(p.pointer);
      const where = found ? fieldId(found[0]) : undefined;
      if (found) {
        const [, slot] = found;
        slot.err.append(h('span', { class: p.severity }, `${p.severity === 'error' ? 'Error' : 'Warning'}: ${p.message}`));
        if (p.severity === 'error') slot.input?.setAttribute('aria-invalid', 'true');
        slot.wrap.classList.add(p.severity === 'error' ? 'has-error' : 'has-warning');
      }
      const text = `${p.pointer || '(file)'}: ${p.message} (line ${p.line}:${p.column})`;
      const link = where ? h('a', { href: `#${where}`, onclick: (e: Event) => (e.preventDefault(), focusField(where)) }, text) : text;
      items.push(h('li', { class: p.severity }, link));
    }
    const errors = problems.filter((p) => p.severity === 'error').length;
    problemsBox.replaceChildren(
      h(
        'h2',
        { id: 'problems-h' },
        errors ? `Problems: ${errors} error${errors === 1 ? '' : 's'}` : problems.length ? 'Problems: warnings only' : 'No problems',
      ),
      items.length ? h('ul', {}, items) : h('p', { class: 'help' }, 'vpnsite validate finds nothing wrong with this file.'),
    );
    for (const [pointer, slot] of state.slots) {
      if (!slot.fig || !slot.wrap.isConnected) continue;
      const shown = figures[pointer];
      slot.fig.hidden = shown === undefined;
      slot.fig.textContent = shown === undefined ? '' : `Shows as: ${shown}`;
    }
  }

  async function check(): Promise<void> {
    const mine = ++asked;
    const { status: s, body } = await call<{ problems: FieldProblem[]; figures: Record<string, string>; error?: string }>(
      'POST',
      '/_edit/api/check',
      { path: file.path, data: state.data },
    );
    if (mine !== asked) return;
    if (s === 200) show(body.problems, body.figures);
    else notice.replaceChildren(h('p', {}, body.error ?? `could not check (${s})`));
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearTimeout(timer);
    notice.replaceChildren();
    const { status: s, body } = await call<{
      version?: string;
      problems?: FieldProblem[];
      figures?: Record<string, string>;
      error?: string;
      yours?: string;
    }>('POST', '/_edit/api/save', { path: file.path, data: state.data, version });
    if (s === 200 && body.version) {
      version = body.version;
      show(body.problems ?? [], body.figures ?? {});
      saved.textContent = `Saved at ${new Date().toLocaleTimeString()}`;
      announce(`Saved ${file.path}`);
      // The dev server reloads the page too once it sees the file change; this makes it sooner.
      if (preview instanceof HTMLIFrameElement) preview.contentWindow?.location.reload();
      return;
    }
    if (s === 409) return conflict(body.error ?? 'the file changed on disk', body.yours ?? '');
    if (body.problems) show(body.problems, body.figures ?? {});
    notice.replaceChildren(h('p', { class: 'refused' }, body.error ?? `not saved (${s})`));
    saved.textContent = '';
  });

  function conflict(message: string, yours: string): void {
    const area = h('textarea', { id: 'yours', rows: '8', readonly: true });
    area.value = yours;
    const copy = h('button', { type: 'button' }, 'Copy my version');
    copy.addEventListener('click', async () => {
      area.select();
      try {
        await navigator.clipboard.writeText(yours);
        announce('Your version is copied');
      } catch {
        announce('Your version is selected: press Ctrl+C to copy it');
      }
    });
    const reload = h('button', { type: 'button', onclick: () => void openFile(main, file.path) }, 'Reload from disk (drops my edits)');
    notice.replaceChildren(
      h(
        'div',
        { class: 'conflict' },
        h('p', { class: 'refused' }, message),
        h('div', { class: 'row' }, copy, reload),
        h('label', { for: 'yours' }, 'Your version of the file'),
        area,
      ),
    );
    saved.textContent = '';
  }

  const bar = h('div', { class: 'savebar' }, saveButton, saved, h('a', { href: '#/' }, 'Back to the list'));
  form.append(bar);
  main.replaceChildren(
    h('nav', { class: 'crumbs', 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, 'Content'), ` › ${file.label}`),
    heading,
    h(
      'div',
      { class: 'split' },
      h('div', { class: 'left' }, notice, problemsBox, form),
      h(
        'div',
        { class: 'right' },
        file.preview ? h('h2', {}, 'Preview', h('a', { href: file.preview, target: '_blank' }, ` open ${file.preview}`)) : null,
        preview,
      ),
    ),
  );
  document.title = `${file.path} · Content editor`;
  show(lastProblems, file.figures);
  heading.focus();
}

/** Moves to a field from the problem list, opening nothing and scrolling it into view. */
function focusField(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  (el as HTMLElement).focus();
}

export type { Json };
