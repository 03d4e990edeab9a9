import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlashSaleBanner } from '../../site/components/flash-sale-banner.tsx';

const sale = {
  title: 'Flash Sale Until {date}',
  text: 'Offers are valid until {date}.',
  endsLabel: 'January 31, 2025',
  endedTitle: 'This Flash Sale Has Ended',
  endedText: 'The sale ended on {date}.',
};

describe('FlashSaleBanner', () => {
  it('advertises the sale, with its end date, while it runs', () => {
    const html = renderToStaticMarkup(createElement(FlashSaleBanner, { sale, ended: false }));
    expect(html).toContain('Flash Sale Until January 31, 2025');
    expect(html).toContain('Offers are valid until January 31, 2025.');
    expect(html).not.toContain('Has Ended');
  });

  it('says the sale has ended once its date has passed, and no longer advertises it', () => {
    const html = renderToStaticMarkup(createElement(FlashSaleBanner, { sale, ended: true }));
    expect(html).toContain('This Flash Sale Has Ended');
    expect(html).toContain('The sale ended on January 31, 2025.');
    expect(html).not.toContain('valid until');
  });
});
