import { describe, expect, it } from 'vitest';
import { locate, parseSource } from '../../services/content/source.ts';

const read = (text: string) => parseSource('data', 'pages/x.yaml', text);
const problems = (text: string) => read(text).problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.message}`);

/** A plain scalar as content reads it: `v: <scalar>`. */
const valueOf = (scalar: string) => (read(`v: ${scalar}\n`).source.data as { v: unknown }).v;

describe('the types content values are read as', () => {
  it("keeps YAML 1.1's booleans, dates and times as strings", () => {
    for (const s of [
      'yes',
      'no',
      'on',
      'off',
      'y',
      'n',
      'Yes',
      'NO',
      '2024-01-15',
      '2024-01-15T10:00:00Z',
      '2001-12-14 21:59:43.10 -5',
      '12:30',
    ])
      expect(valueOf(s), s).toBe(s);
  });

  it("reads the core schema's booleans, nulls and numbers", () => {
    const cases: [string, unknown][] = [
      ['true', true],
      ['False', false],
      ['TRUE', true],
      ['null', null],
      ['~', null],
      ['', null],
      ['0', 0],
      ['010', 10],
      ['-7', -7],
      ['0o17', 15],
      ['0x1A', 26],
      ['1.5', 1.5],
      ['.5', 0.5],
      ['1e3', 1000],
      ['-1.5e-3', -0.0015],
      ['.inf', Infinity],
      ['-.inf', -Infinity],
      ['.nan', NaN],
    ];
    for (const [s, v] of cases) expect(valueOf(s), s).toStrictEqual(v);
  });

  it('reads the number forms content was always read with beyond the core schema', () => {
    const cases: [string, unknown][] = [
      ['-0x1A', -26],
      ['+0x1', 1],
      ['0b101', 5],
      ['-0b1', -1],
      ['-0o17', -15],
      ['-.5', '-.5'],
      ['+.5', '+.5'],
    ];
    for (const [s, v] of cases) expect(valueOf(s), s).toStrictEqual(v);
  });

  it('keeps what is not a number a string', () => {
    for (const s of ['1_000', '0X1A', '0O17', '1.2.3', 'v1.0', '0x', '0b2', '1,000']) expect(valueOf(s), s).toBe(s);
  });

  it('reads by the core schema whatever a %YAML directive says, and takes << as an ordinary key', () => {
    expect(read('%YAML 1.1\n---\ny: yes\nbase: &b { x: 1 }\nc:\n  <<: *b\n  z: 2\n').source.data).toEqual({
      y: 'yes',
      base: { x: 1 },
      c: { '<<': { x: 1 }, z: 2 },
    });
  });
});

describe('YAML edge cases, each with its position', () => {
  it('reads an empty file, or one of comments, as null without a problem', () => {
    for (const text of ['', '# nothing yet\n']) {
      expect(read(text).source.data).toBeNull();
      expect(read(text).problems).toEqual([]);
    }
  });

  it('reports a duplicate key, a syntax error and a second document where they are, and gives no data', () => {
    expect(problems('a: 1\nb: 2\na: 3\n')).toEqual(['3:1 error YAML: Map keys must be unique']);
    expect(problems('a:\n  b: 1\n c: 2\n')[0]).toBe('3:1 error YAML: All mapping items must start at the same column');
    expect(problems('a: 1\n---\nb: 2\n')[0]).toMatch(/^2:1 error YAML: Source contains multiple documents/);
    expect(read('a: 1\na: 2\n').source.data).toBeUndefined();
  });

  it('reports an alias to no anchor at the alias, instead of failing the run', () => {
    const { source, problems } = read('slug: x\nprovider: *nowhere\n');
    expect(source.data).toBeUndefined();
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([
      '2:11 YAML: Unresolved alias (the anchor must be set before the alias): nowhere',
    ]);
  });

  it('shares an anchored value with its aliases however many there are, and places them', () => {
    const text = `base: &b { x: 1 }\nlist:\n${'  - *b\n'.repeat(150)}`;
    const { source, problems } = read(text);
    const data = source.data as { base: object; list: object[] };
    expect(problems).toEqual([]);
    expect(data.list).toHaveLength(150);
    expect(data.list[149]).toBe(data.base);
    expect(locate(source, '/list/149')).toEqual({ line: 152, column: 5 });
    expect(locate(source, '/base/x')).toEqual({ line: 1, column: 15 });
  });

  it('reports an unknown tag as a warning where it is, and reads the value', () => {
    const { source, problems } = read('a: 1\nb: !custom x\n');
    expect(source.data).toEqual({ a: 1, b: 'x' });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.severity}`)).toEqual(['2:4 warning']);
  });
});
