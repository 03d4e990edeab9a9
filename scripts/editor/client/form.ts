/**
 * The form, made from the kind's JSON Schema when the file is opened: nothing here knows a field by name but the
 * publishing ones, so a field added to a schema appears without a change here. Objects are grouped in fieldsets,
 * lists add, remove and reorder their items, typed content blocks are chosen by type, and maps keyed by id (a
 * provider's plans) add and remove entries. Keys the schema does not know are kept as they are, and said so.
 */
import type { Json, Schema } from './api.ts';
import { announce, fieldId, h, pointerOf } from './dom.ts';
import { fieldShell, scalarField } from './fields.ts';
import { alternativesOf, defaultFor, isObject, isTypedUnion, matches, type FormState, type Path } from './state.ts';

const PUBLISHING = ['draft', 'publishAt', 'expiresAt'];

/** A part of the form that draws itself again after a change to its shape (an item added, a type chosen). */
function redrawable(draw: () => HTMLElement): HTMLElement {
  const box = h('div', { class: 'part' });
  const redraw = () => box.replaceChildren(draw());
  (box as HTMLElement & { redraw?: () => void }).redraw = redraw;
  redraw();
  return box;
}

const redrawOf = (el: HTMLElement) => (el.closest('.part') as (HTMLElement & { redraw?: () => void }) | null)?.redraw;

/** The field or group for a value at `path`. */
export function valueField(state: FormState, schema: Schema, path: Path, name: string, required: boolean): HTMLElement {
  const alts = alternativesOf(schema);
  if (alts && !alts.every((a) => a.const !== undefined)) return redrawable(() => unionField(state, schema, alts, path, name, required));
  if (schema.type === 'object') return redrawable(() => objectField(state, schema, path, name, required));
  if (schema.type === 'array') return redrawable(() => listField(state, schema, path, name, required));
  if (schema.const !== undefined) return h('p', { class: 'const' }, `${name}: ${String(schema.const)}`);
  if (!schema.type && !schema.enum && !alts) return rawField(state, schema, path, name, required);
  return scalarField(state, schema, path, name, required);
}

/** A value no input type fits: its JSON, editable as text. */
function rawField(state: FormState, schema: Schema, path: Path, name: string, required: boolean): HTMLElement {
  const area = h('textarea', { rows: '3' });
  area.value = JSON.stringify(state.get(path) ?? null, null, 1);
  area.addEventListener('input', () => {
    try {
      state.set(path, JSON.parse(area.value) as Json);
    } catch {
      // Half-typed JSON: nothing changes until it reads.
    }
  });
  return fieldShell(state, path, name, schema, required, area);
}

/** A button that adds an optional object or list that is not there yet. */
function absent(state: FormState, schema: Schema, path: Path, name: string): HTMLElement {
  const add = h('button', { type: 'button', class: 'add' }, `Add ${name}`);
  add.addEventListener('click', () => {
    state.set(path, defaultFor(schema));
    const part = redrawOf(add);
    part?.();
    announce(`${name} added`);
  });
  const err = h('p', { class: 'err' });
  const wrap = h('div', { class: 'field absent' }, add, schema.description ? h('p', { class: 'help' }, schema.description) : null, err);
  state.register(path, { wrap, input: add, err });
  return wrap;
}

function group(state: FormState, schema: Schema, path: Path, name: string, required: boolean, body: HTMLElement[]): HTMLElement {
  const err = h('p', { class: 'err', id: `${fieldId(pointerOf(path))}-err` });
  const remove =
    !required && path.length
      ? h(
          'button',
          { type: 'button', class: 'remove', onclick: (e: Event) => (state.set(path, undefined), redrawOf(e.target as HTMLElement)?.()) },
          `Remove ${name}`,
        )
      : null;
  const legend = h('legend', {}, name, required || !path.length ? null : h('span', { class: 'opt' }, ' (optional)'));
  const wrap = h(
    'fieldset',
    { class: 'group', id: fieldId(pointerOf(path)), tabindex: '-1' },
    legend,
    schema.description ? h('p', { class: 'help' }, schema.description) : null,
    err,
    body,
    remove,
  );
  state.register(path, { wrap, err });
  return wrap;
}

function objectField(state: FormState, schema: Schema, path: Path, name: string, required: boolean, lead?: HTMLElement): HTMLElement {
  const value = state.get(path);
  if (!isObject(value))
    return required || !path.length ? group(state, schema, path, name, required, []) : absent(state, schema, path, name);
  const props = schema.properties ?? {};
  const req = new Set(schema.required ?? []);
  const field = (k: string) => valueField(state, props[k]!, [...path, k], k, req.has(k));
  const keys = Object.keys(props).filter((k) => k !== 'type' || props[k]!.const === undefined);
  // The publishing controls first, together, with the time zone their times are in.
  const publishing = keys.filter((k) => PUBLISHING.includes(k));
  const body: HTMLElement[] = lead ? [lead] : [];
  if (publishing.length && path.length === 0) {
    body.push(
      h(
        'fieldset',
        { class: 'group publishing' },
        h('legend', {}, 'Publishing'),
        h('p', { class: 'help' }, 'Times are in UTC, the site’s time zone. A draft is on no page of the built site; vpnsite dev shows it.'),
        publishing.map(field),
      ),
    );
  }
  body.push(...keys.filter((k) => path.length > 0 || !publishing.includes(k)).map(field));
  const entrySchema =
    Object.values(schema.patternProperties ?? {})[0] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : undefined);
  const others = Object.keys(value).filter((k) => !Object.hasOwn(props, k));
  if (entrySchema)
    body.push(
      ...others.map((k) => entryField(state, entrySchema as Schema, [...path, k], k)),
      addEntry(state, entrySchema as Schema, path, name),
    );
  else if (others.length) body.push(h('p', { class: 'help kept' }, `Kept as they are (no field here knows them): ${others.join(', ')}`));
  return path.length ? group(state, schema, path, name, required, body) : h('div', { class: 'root' }, body);
}

/** One entry of a map keyed by id, with a button that removes it. */
function entryField(state: FormState, schema: Schema, path: Path, key: string): HTMLElement {
  const field = valueField(state, schema, path, key, true);
  const remove = h('button', { type: 'button', class: 'remove' }, `Remove ${key}`);
  remove.addEventListener('click', () => {
    state.set(path, undefined);
    redrawOf(remove.parentElement!.parentElement!)?.();
    announce(`${key} removed`);
  });
  return h('div', { class: 'entry' }, field, remove);
}

function addEntry(state: FormState, schema: Schema, path: Path, name: string): HTMLElement {
  const id = `${fieldId(pointerOf(path))}-new`;
  const key = h('input', { type: 'text', id, placeholder: 'id, e.g. 2-year' });
  const add = h('button', { type: 'button' }, 'Add');
  add.addEventListener('click', () => {
    const k = key.value.trim();
    if (!k || (isObject(state.get(path)) && Object.hasOwn(state.get(path) as object, k)))
      return announce(k ? `${k} is there already` : 'type an id first');
    state.set([...path, k], defaultFor(schema));
    redrawOf(add)?.();
    announce(`${k} added to ${name}`);
  });
  return h('div', { class: 'add-entry' }, h('label', { for: id }, `New entry in ${name}`), key, add);
}

function listField(state: FormState, schema: Schema, path: Path, name: string, required: boolean): HTMLElement {
  const value = state.get(path);
  if (!Array.isArray(value)) return required ? group(state, schema, path, name, required, []) : absent(state, schema, path, name);
  const items = schema.items ?? {};
  const move = (from: number, to: number, el: HTMLElement) => {
    const list = state.get(path) as Json[];
    if (to < 0 || to >= list.length) return;
    list.splice(to, 0, ...list.splice(from, 1));
    state.changed();
    const part = el.closest('.part') as HTMLElement;
    redrawOf(el)?.();
    (part.querySelector(`[data-item="${to}"] .tools button`) as HTMLElement | null)?.focus();
    announce(`${name} ${from + 1} moved to place ${to + 1}`);
  };
  const lis = value.map((_, i) =>
    h(
      'li',
      { 'data-item': String(i) },
      h(
        'div',
        { class: 'tools' },
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Move ${name} ${i + 1} up`,
            onclick: (e: Event) => move(i, i - 1, e.currentTarget as HTMLElement),
          },
          '↑',
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Move ${name} ${i + 1} down`,
            onclick: (e: Event) => move(i, i + 1, e.currentTarget as HTMLElement),
          },
          '↓',
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Remove ${name} ${i + 1}`,
            onclick: (e: Event) => {
              state.set([...path, i], undefined);
              redrawOf(e.currentTarget as HTMLElement)?.();
              announce(`${name} ${i + 1} removed`);
            },
          },
          'Remove',
        ),
      ),
      valueField(state, items, [...path, i], `${name} ${i + 1}`, true),
    ),
  );
  const add = h('button', { type: 'button', class: 'add' }, `Add to ${name}`);
  add.addEventListener('click', () => {
    const list = state.get(path) as Json[];
    list.push(defaultFor(items));
    state.changed();
    const part = add.closest('.part') as HTMLElement;
    redrawOf(add)?.();
    (
      part.querySelector(
        `[data-item="${list.length - 1}"] input, [data-item="${list.length - 1}"] textarea, [data-item="${list.length - 1}"] select`,
      ) as HTMLElement | null
    )?.focus();
    announce(`${name} ${list.length} added`);
  });
  return group(state, schema, path, name, required, [h('ol', { class: 'items' }, lis), add]);
}

/** A value of one of several shapes: a typed content block chosen by its type, or any other union by its form. */
function unionField(state: FormState, schema: Schema, alts: Schema[], path: Path, name: string, required: boolean): HTMLElement {
  const value = state.get(path);
  if (value === undefined && !required) return absent(state, alts[0]!, path, name);
  const typed = isTypedUnion(alts);
  const index = Math.max(
    0,
    alts.findIndex((a) => matches(a, value)),
  );
  const labelOf = (a: Schema, i: number) => (typed ? String(a.properties!.type!.const) : (a.description ?? a.type ?? `form ${i + 1}`));
  const id = `${fieldId(pointerOf(path))}-type`;
  const select = h(
    'select',
    { id },
    alts.map((a, i) => h('option', { value: String(i), selected: i === index }, labelOf(a, i))),
  );
  select.addEventListener('change', () => {
    const next = defaultFor(alts[Number(select.value)]!);
    // What the old block and the new one share (a heading, say) is kept.
    if (isObject(next) && isObject(value)) for (const k of Object.keys(next)) if (k !== 'type' && k in value) next[k] = value[k]!;
    state.set(path, next);
    redrawOf(select)?.();
    (document.getElementById(id) as HTMLElement | null)?.focus();
  });
  const chooser = h('div', { class: 'field chooser' }, h('label', { for: id }, typed ? `${name}: type` : `${name}: form`), select);
  const chosen = alts[index]!;
  if (chosen.type === 'object')
    return objectField(state, { ...chosen, description: schema.description ?? chosen.description }, path, name, required, chooser);
  return h('div', { class: 'union' }, chooser, valueField(state, chosen, path, name, true));
}
