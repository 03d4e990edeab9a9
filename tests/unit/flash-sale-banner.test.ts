import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlashSaleBanner } from '../../site/components/flash-sale-banner.tsx';
import { offerState } from '../../site/lib/offers.ts';

const sale = {
  title: 'Flash Sale Until {date}',
  text: 'Offers are valid until {date}.',
  endsOn: '2025-01-31',
};

describe('FlashSaleBanner', () => {
  it('advertises the sale, with its end date, while it runs', () => {
    const html = renderToStaticMarkup(createElement(FlashSaleBanner, { sale, state: 'running' }));
    expect(html).toContain('Flash Sale Until January 31, 2025');
    expect(html).toContain('Offers are valid until January 31, 2025.');
    expect(html).not.toContain('Has Ended');
  });

  it('is gone once its date has passed: an ended sale leaves no box behind', () => {
    expect(renderToStaticMarkup(createElement(FlashSaleBanner, { sale, state: 'ended' }))).toBe('');
  });

  it('shows nothing before the sale starts', () => {
    expect(renderToStaticMarkup(createElement(FlashSaleBanner, { sale, state: 'upcoming' }))).toBe('');
  });
});

describe('offerState', () => {
  const offer = { startsOn: '2025-01-01', endsOn: '2025-01-31' };
  it('runs from its first day to its last, both included, in UTC dates', () => {
    expect(['2024-12-31', '2025-01-01', '2025-01-31', '2025-02-01'].map((d) => offerState(offer, d))).toEqual([
      'upcoming',
      'running',
      'running',
      'ended',
    ]);
  });
});
