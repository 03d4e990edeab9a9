/**
 * A new provider starts with nothing its published page would contradict: no speed table while its speed score is
 * left out (the review then says "not tested" over no results), and a monogram tile for a logo, never an emoji.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { logoProblem, monogramSvg } from '../../services/content/logos.ts';
import { scaffold } from '../../services/content/scaffold.ts';

const made = scaffold('provider', 'example-vpn', {
  schemaPath: 'x.json',
  today: '2026-11-21',
  order: 1,
  criteria: ['security', 'speed', 'value'],
  logoSvg: 'example-vpn.svg',
});
const data = parse(made) as { logo?: string; logoSvg?: string; scores: Record<string, number>; review: Record<string, unknown> };

describe('vpnsite new provider', () => {
  it('leaves out the speed table with the speed score', () => {
    expect(Object.keys(data.scores)).toEqual(['security', 'value']);
    expect(data.review).not.toHaveProperty('speed');
    expect(made).not.toMatch(/^\s*speed:/m);
  });

  it('names a monogram tile for its logo and asks for no emoji', () => {
    expect(data.logoSvg).toBe('example-vpn.svg');
    expect(data).not.toHaveProperty('logo');
    expect(made.indexOf('logoSvg:')).toBeGreaterThan(made.indexOf('name:'));
  });

  it('draws the monogram as a logo the site accepts, with the name’s first letter', () => {
    const svg = monogramSvg('Example VPN');
    expect(logoProblem(svg)).toBeUndefined();
    expect(svg).toContain('>E</text>');
    expect(monogramSvg('<b>')).toContain('>B</text>');
  });
});
