import { describe, expect, it } from 'vitest';
import { compareLocators } from '../helpers/pointers.ts';

/** YAML in the styles editors write, and in the ones the fast locator must leave to yaml. */
const STYLES: Record<string, string> = {
  'block mappings and sequences':
    'title: A page\nmeta:\n  title: T\n  keywords: [a, b]\nblocks:\n  - type: text\n    text: Hello\n  - type: list\n    items:\n      - one\n      - two\n',
  "a sequence at the key's indentation": 'items:\n- a\n- b: 1\n  c: 2\n',
  'flow collections': 'links: [{ label: About, href: /about-us }, { label: "Home", href: "/" }]\nmap: {a: 1, b: [2, 3]}\n',
  'quoted and multi-line scalars':
    'a: "double # not a comment"\nb: \'single\'\nc:\n  plain text that\n  runs on\nd: >\n  folded\n  text\ne: |\n  literal\n',
  'comments everywhere': '# head\na: 1 # after\n# between\nb:\n  # inside\n  c: 2\nd: # before the value\n  e\n',
  'numbers, booleans and dates as keys and values': '1: one\ntrue: yes\nupdated: 2025-01-31\nrating: 4.5\n',
  'a document start marker': '---\na: 1\nb:\n  - x\n',
  'empty values and nulls': 'a:\nb: ~\nc: null\nd: []\ne: {}\n',
  'anchors, aliases, tags and merge keys': 'base: &b { x: 1 }\ncopy: *b\nmerged:\n  <<: *b\n  y: 2\ntagged: !!str 12\n',
  'Windows line endings': 'a: 1\r\nb:\r\n  - c\r\n  - d: "e"\r\n',
  'deep nesting': 'a:\n  b:\n    - c:\n        - - d\n          - e\n',
};

describe("node-offsets: placing a pointer from js-yaml's parse events", () => {
  for (const [style, text] of Object.entries(STYLES)) {
    it(`agrees with yaml's document wherever it answers: ${style}`, () => {
      const r = compareLocators(text);
      expect(r.disagreements).toEqual([]);
    });
  }

  it('answers for nearly every pointer in plain block and flow YAML', () => {
    for (const style of [
      'block mappings and sequences',
      'flow collections',
      'quoted and multi-line scalars',
      'comments everywhere',
      'deep nesting',
    ]) {
      const r = compareLocators(STYLES[style]!);
      expect(r.answered / r.asked, style).toBeGreaterThan(0.9);
    }
  });

  it('leaves anchors, aliases, tags, merge keys and empty values to yaml', () => {
    const r = compareLocators(STYLES['anchors, aliases, tags and merge keys']!);
    expect(r.answered).toBeLessThan(r.asked);
    expect(compareLocators(STYLES['empty values and nulls']!).answered).toBeLessThan(
      compareLocators(STYLES['empty values and nulls']!).asked,
    );
  });
});
