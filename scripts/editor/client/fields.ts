/**
 * One field for one value: its name as the label, the schema's description as help, and the input its type asks
 * for (a choice for an enum, a checkbox for a boolean, a date or a UTC date and time for dates, a number, a line or a
 * box of text). Under it, what a `{{…}}` figure in it shows as, and its problems.
 */
import type { Json, Schema } from './api.ts';
import { fieldId, h, pointerOf } from './dom.ts';
import { alternativesOf, type FormState, type Path } from './state.ts';

const DATE = /\\d\{4\}-\(0\[1-9\]\|1\[0-2\]\)-/;

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The label, help, figure and problem lines around an input; `after` puts the label after it (a checkbox). */
export function fieldShell(state: FormState, path: Path, name: string, schema: Schema, required: boolean, input: Input, after = false) {
  const id = fieldId(pointerOf(path));
  input.id = id;
  const help = schema.description ? h('p', { class: 'help', id: `${id}-help` }, schema.description) : null;
  const err = h('p', { class: 'err', id: `${id}-err` });
  const fig = h('p', { class: 'fig', id: `${id}-fig`, hidden: true });
  input.setAttribute('aria-describedby', [help ? `${id}-help` : '', `${id}-fig`, `${id}-err`].filter(Boolean).join(' '));
  const label = h('label', { for: id }, name, required ? null : h('span', { class: 'opt' }, ' (optional)'));
  const wrap = h('div', { class: `field${after ? ' check' : ''}` }, after ? [input, label] : [label, input], help, fig, err);
  state.register(path, { wrap, input, err, fig });
  return wrap;
}

/** Whether a string schema holds a calendar date, or a moment in UTC. */
const dateKind = (s: Schema) => (s.pattern && DATE.test(s.pattern) ? (s.pattern.includes('T(') ? 'datetime' : 'date') : undefined);

/** The field for a string, number or boolean value. */
export function scalarField(state: FormState, schema: Schema, path: Path, name: string, required: boolean): HTMLElement {
  const value = state.get(path);
  const choices = schema.enum ?? alternativesOf(schema)?.map((a) => a.const);
  if (choices) {
    const select = h(
      'select',
      { onchange: () => state.set(path, select.value === '' ? undefined : (choices[Number(select.value)] as Json)) },
      required && value !== undefined ? null : h('option', { value: '' }, '(none)'),
      choices.map((c, i) => h('option', { value: String(i), selected: c === value }, String(c))),
    );
    return fieldShell(state, path, name, schema, required, select);
  }
  if (schema.type === 'boolean') {
    const box = h('input', { type: 'checkbox', checked: value === true });
    // A draft is the one switch most files have: it says so to a screen reader as a switch.
    if (name === 'draft') box.setAttribute('role', 'switch');
    box.addEventListener('change', () => state.set(path, box.checked ? true : required ? false : undefined));
    return fieldShell(state, path, name, schema, required, box, true);
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const input = h('input', {
      type: 'number',
      inputmode: 'decimal',
      step: schema.type === 'integer' ? '1' : 'any',
      value: typeof value === 'number' ? String(value) : '',
    });
    input.addEventListener('input', () => state.set(path, input.value === '' ? undefined : Number(input.value)));
    return fieldShell(state, path, name, schema, required, input);
  }
  const kind = dateKind(schema);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
  const emptied = () => (required ? '' : undefined);
  if (kind === 'date') {
    const input = h('input', { type: 'date', value: text });
    input.addEventListener('input', () => state.set(path, input.value || emptied()));
    return fieldShell(state, path, name, schema, required, input);
  }
  if (kind === 'datetime') {
    // The form's clock is the site's: UTC. A datetime-local input has no zone, so the label states it.
    const input = h('input', { type: 'datetime-local', value: text.replace(/Z$/, ''), step: '60' });
    input.addEventListener('input', () =>
      state.set(path, input.value ? `${input.value.length === 16 ? `${input.value}:00` : input.value}Z` : emptied()),
    );
    const wrap = fieldShell(state, path, name, schema, required, input);
    wrap.querySelector('label')!.append(h('span', { class: 'tz' }, ' (UTC, the site’s time zone)'));
    return wrap;
  }
  const long = text.length > 70 || text.includes('\n');
  const input = long ? h('textarea', { rows: String(Math.min(8, Math.ceil(text.length / 70) + 1)) }) : h('input', { type: 'text' });
  input.value = text;
  input.addEventListener('input', () => state.set(path, input.value === '' ? emptied() : input.value));
  return fieldShell(state, path, name, schema, required, input);
}
