import { describe, expect, it } from 'vitest';
import { closestPages, MAX_SUGGESTED_PATH, withSuggestions, worthSuggesting } from '../../services/http/closest-pages.ts';

const PAGES = [
  { path: '/vpn-reviews/nordvpn', title: 'NordVPN Review' },
  { path: '/vpn-reviews/surfshark', title: 'Surfshark Review' },
  { path: '/compare/nordvpn-vs-surfshark', title: 'NordVPN vs Surfshark' },
  { path: '/articles/vpn-for-netflix', title: 'The Best VPN for Netflix' },
  { path: '/windows-setup-guide', title: 'Windows Setup Guide' },
  { path: '/about-us', title: 'About Us' },
];

const paths = (p: string) => closestPages(p, PAGES).map((x) => x.path);

describe('closest pages to a wrong address', () => {
  it('puts the review first for a shortened name in the reviews section', () => {
    expect(paths('/vpn-reviews/nord')[0]).toBe('/vpn-reviews/nordvpn');
    expect(paths('/vpn-reviews/nord')).toContain('/compare/nordvpn-vs-surfshark');
  });

  it('forgives a typo and a wrong case', () => {
    expect(paths('/vpn-reviews/SurfSherk')[0]).toBe('/vpn-reviews/surfshark');
    expect(paths('/articles/vpn-for-netflx')[0]).toBe('/articles/vpn-for-netflix');
    expect(paths('/windows-guide')[0]).toBe('/windows-setup-guide');
  });

  it('suggests nothing when nothing in the last segment resembles a page', () => {
    expect(paths('/vpn-reviews/zzzz')).toEqual([]);
    expect(paths('/')).toEqual([]);
    expect(paths('/%E0%A4%A')).toEqual([]);
  });
});

describe('the not-found page as sent', () => {
  const PAGE =
    '<main><section class="[&:not(:has(li))]:hidden"><h2>Were you looking for</h2><ul data-testid="not-found-suggestions" class="mt-3"></ul></section></main>';

  it('fills the list with links, their titles escaped', () => {
    const html = withSuggestions(PAGE, '/vpn-reviews/nord', [...PAGES, { path: '/vpn-reviews/nord-x', title: 'Nord <b>&</b> "X"' }]);
    expect(html).toContain('<li><a href="/vpn-reviews/nordvpn" data-link=""');
    expect(html).toContain('Nord &#60;b&#62;&#38;&#60;/b&#62; &#34;X&#34;');
    expect(html.indexOf('/vpn-reviews/nordvpn')).toBeLessThan(html.indexOf('/compare/nordvpn-vs-surfshark'));
  });

  it('leaves the page as it is when nothing is close', () => {
    expect(withSuggestions(PAGE, '/zzzz', PAGES)).toBe(PAGE);
  });
});

describe('which paths are worth the search', () => {
  it("looks for pages for a short path of one segment or under the site's own sections", () => {
    expect(worthSuggesting('/vpn-reviews/nord', PAGES)).toBe(true);
    expect(worthSuggesting('/Articles/vpn-for-netflx?utm=x', PAGES)).toBe(true);
    expect(worthSuggesting('/windows-guide', PAGES)).toBe(true);
  });

  it('sends the plain page for /go/, /api/, other sections, deep paths and long ones', () => {
    for (const path of [
      '/go/nordvpn-typo',
      '/api/whatever',
      '/wp-admin/setup.php',
      '/vpn-reviews/a/b/c',
      `/vpn-reviews/${'nord-'.repeat(20)}`,
      `/${'x'.repeat(MAX_SUGGESTED_PATH)}`,
    ])
      expect(worthSuggesting(path, PAGES), path).toBe(false);
    const PAGE = '<ul data-testid="not-found-suggestions"></ul>';
    expect(withSuggestions(PAGE, '/go/nordvpn-review', PAGES)).toBe(PAGE);
    expect(withSuggestions(PAGE, '/vpn-reviews/nordvpn-review', PAGES)).not.toBe(PAGE);
  });
});
