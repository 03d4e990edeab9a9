/**
 * What the editor writes for a value typed into a form: a string YAML would read as another type is quoted, an
 * unchanged file is written back byte for byte, and a changed value keeps its quoting, its comment and its key order.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { saveInto } from '../../scripts/editor/yaml-save.ts';
import { parseOptions } from '../../services/content/yaml-schema.ts';

const FILE = `# a comment at the top
name: NordVPN # the brand as written
tagline: 'single quoted'
title: "double quoted"
list:
  - first
  # a comment between items
  - second
folded: >-
  one two three
  four five
unknown: kept
`;

const save = (changes: Record<string, unknown>) => saveInto(FILE, { ...(parse(FILE) as object), ...changes } as never);

describe('the editor quotes what YAML would read as another type', () => {
  for (const typed of [
    'yes',
    'no',
    'on',
    'off',
    'y',
    'n',
    'null',
    'Null',
    '~',
    'true',
    'False',
    '1.0',
    '12',
    '0x1F',
    '1_000',
    '12:30',
    '.5',
    '-1',
  ])
    it(`writes "${typed}" typed as a name so that it reads back as that string`, () => {
      const out = save({ name: typed });
      expect(out.split('\n')[1]).toMatch(/^name: ["'].*["'] # the brand as written$/);
      expect((parse(out, parseOptions) as { name: unknown }).name).toBe(typed);
      expect((parse(out, { version: '1.1' }) as { name: unknown }).name).toBe(typed);
    });

  it('writes plain what reads back as the same string, a date included', () => {
    expect(save({ name: 'Proton VPN' }).split('\n')[1]).toBe('name: Proton VPN # the brand as written');
    expect(save({ name: '2025-01-15' }).split('\n')[1]).toBe('name: 2025-01-15 # the brand as written');
  });

  it('quotes text with a colon and space, a leading indicator or a trailing hash', () => {
    for (const typed of ['a: b', '- dash', '#hash', 'x #y', '@at', '  spaced', "it's"]) {
      const out = save({ name: typed });
      expect((parse(out, parseOptions) as { name: unknown }).name).toBe(typed);
    }
  });

  it('keeps the quoting style of the old value', () => {
    const out = save({ tagline: 'still single', title: 'still double' });
    expect(out).toContain("tagline: 'still single'\n");
    expect(out).toContain('title: "still double"\n');
  });

  it('writes an unchanged file back byte for byte', () => {
    expect(save({})).toBe(FILE);
  });

  it('keeps folded text folded, its unchanged lines as they were, and leaves the key after it alone', () => {
    const out = save({ folded: 'one two three four five six' });
    expect(out).toContain('folded: >-\n  one two three\n  four five\n  six\nunknown: kept\n');
  });

  it('writes a multi-line string as a literal block, and a new key after the last', () => {
    const out = save({ extra: 'line one\nline two' });
    expect(out.endsWith('unknown: kept\nextra: |-\n  line one\n  line two\n')).toBe(true);
  });

  it('keeps a comment between items when an item is added at the end or removed before it', () => {
    expect(save({ list: ['first', 'second', 'third'] })).toContain('  - first\n  # a comment between items\n  - second\n  - third\n');
    expect(save({ list: ['second'] })).toContain('list:\n  # a comment between items\n  - second\n');
  });
});
