import { describe, expect, it } from 'vitest';
import { applyState, DEFAULT_STATE, formatState, parseState, priceCeilings, type CompareRow } from '../../site/lib/compare-table.ts';

const row = (slug: string, over: Partial<CompareRow>): CompareRow => ({
  slug,
  name: slug,
  rating: 4,
  price: 3,
  servers: 1000,
  countries: 50,
  devices: '5',
  streaming: true,
  torrenting: true,
  moneyBack: '30 days',
  ...over,
});
const ROWS = [
  row('nord', { name: 'NordVPN', rating: 4.9, price: 3.39, servers: 5400, devices: '6' }),
  row('shark', { name: 'Surfshark', rating: 4.6, price: 2.39, devices: 'Unlimited' }),
  row('bear', { name: 'TunnelBear', rating: 4.2, price: 3.33, torrenting: false }),
  row('ghost', { name: 'CyberGhost', rating: 4.5, price: 2.75, moneyBack: '45 days', devices: '7' }),
];
const slugs = (rows: CompareRow[]) => rows.map((r) => r.slug);

describe('the /compare table state', () => {
  it('keeps the content order without a sort, and sorts any column both ways', () => {
    expect(slugs(applyState(ROWS, DEFAULT_STATE))).toEqual(['nord', 'shark', 'bear', 'ghost']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, sort: 'price', dir: 'asc' }))).toEqual(['shark', 'ghost', 'bear', 'nord']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, sort: 'price', dir: 'desc' }))).toEqual(['nord', 'bear', 'ghost', 'shark']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, sort: 'devices', dir: 'desc' }))).toEqual(['shark', 'ghost', 'nord', 'bear']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, sort: 'name', dir: 'asc' }))).toEqual(['ghost', 'nord', 'shark', 'bear']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, sort: 'moneyBack', dir: 'desc' }))[0]).toBe('ghost');
  });

  it('filters on torrenting, unlimited devices and a price ceiling together', () => {
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, torrenting: true }))).toEqual(['nord', 'shark', 'ghost']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, unlimited: true }))).toEqual(['shark']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, maxPrice: 3 }))).toEqual(['shark', 'ghost']);
    expect(slugs(applyState(ROWS, { ...DEFAULT_STATE, maxPrice: 3, torrenting: true, sort: 'rating', dir: 'desc' }))).toEqual([
      'shark',
      'ghost',
    ]);
  });

  it('round-trips through the query string, and the default state is the bare URL', () => {
    const state = { sort: 'price' as const, dir: 'desc' as const, streaming: true, torrenting: false, unlimited: true, maxPrice: 3 };
    expect(formatState(state)).toBe('?sort=price&dir=desc&streaming=1&unlimited=1&max=3');
    expect(parseState(formatState(state))).toEqual(state);
    expect(formatState(DEFAULT_STATE)).toBe('');
    expect(parseState('')).toEqual(DEFAULT_STATE);
  });

  it('ignores what it does not understand in a shared link', () => {
    expect(parseState('?sort=evil&max=-2&streaming=yes')).toEqual(DEFAULT_STATE);
    // A column without a direction sorts the way it sorts first: prices low to high, ratings high to low.
    expect(parseState('?sort=price')).toMatchObject({ sort: 'price', dir: 'asc' });
    expect(parseState('?sort=rating')).toMatchObject({ sort: 'rating', dir: 'desc' });
  });

  it('offers a ceiling at each whole dollar from the cheapest to the dearest', () => {
    expect(priceCeilings(ROWS)).toEqual([3, 4]);
  });
});
