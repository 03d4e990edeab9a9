/** The disclosure beside a group of featured providers says first when every one of them pays a commission. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AffiliateDisclosure } from '../../site/components/affiliate-disclosure.tsx';

const disclosure = {
  text: 'We earn a commission.',
  link: 'How we earn',
  allPaid: 'Every provider featured here pays us a commission.',
  paying: ['nordvpn', 'surfshark', 'tunnelbear/promo'],
};

/** The disclosure as a page renders it for `providers`, with the site's disclosure in the root's data. */
async function render(providers?: { provider: string; link?: string }[]): Promise<string> {
  const routes = [
    { id: 'root', path: '/', loader: () => ({ disclosure }), Component: () => createElement(AffiliateDisclosure, { providers }) },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://site.test/'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe('AffiliateDisclosure', () => {
  it('says every featured provider pays when each button in the group is a paid one', async () => {
    const html = await render([{ provider: 'nordvpn' }, { provider: 'surfshark' }, { provider: 'tunnelbear', link: 'promo' }]);
    expect(html).toContain('data-all-paid=""');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Every provider featured here pays us a commission. We earn a commission.');
  });

  it('says only the general disclosure when one of them is unpaid, or its button goes to the website unpaid', async () => {
    for (const group of [
      [{ provider: 'nordvpn' }, { provider: 'protonvpn' }],
      [{ provider: 'nordvpn' }, { provider: 'tunnelbear' }],
      [{ provider: 'surfshark', link: 'website' }],
      [],
    ]) {
      const html = await render(group);
      expect(html, JSON.stringify(group)).not.toContain('data-all-paid');
      expect(html).toContain('We earn a commission.');
    }
    expect(await render()).not.toContain('data-all-paid');
  });
});
