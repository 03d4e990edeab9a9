import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../services/content/index.ts';
import { stringify } from 'yaml';
import { check, providerYaml, siteWith } from '../helpers/content-fixture.ts';
import { runOf } from '../fixtures/minimal-content.ts';

const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

/** A page at /<slug> whose only block is the given YAML (indented under `blocks:`). */
const page = (slug: string, block: string) => ({
  rel: `pages/${slug}.yaml`,
  text: `slug: ${slug}
meta:
  title: ${slug}
  description: A page.
  keywords: [page]
updated: 2025-06-01
title: A page
blocks:
${block}`,
});

describe('cross-file errors', () => {
  it('requires a slug to equal its file name', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nord-vpn') }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:1:7 error /slug slug 'nord-vpn' must equal the file name 'nordvpn'"]);
  });

  it('reserves the slug 404 for the not-found page under /vpn-reviews and /articles', () => {
    const r = check([
      { rel: 'providers/404.yaml', text: providerYaml("'404'") },
      { rel: 'tests/404/2025-01-15.yaml', text: stringify(runOf()) },
    ]);
    expect(lines(r)).toEqual(["data/providers/404.yaml:1:7 error /slug slug '404' is reserved for the not-found page"]);
  });

  it('refuses two files with the same slug', () => {
    const r = check([{ rel: 'providers/nordvpn.yml', text: providerYaml('nordvpn') }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yml:1:7 error /slug duplicate slug 'nordvpn' (also in data/providers/nordvpn.yaml)"]);
  });

  it('refuses a provider featured by hand: the highlighted card is the top of a measure', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { featured: 'featured: true' }) }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:22:1 error /featured unknown property 'featured'"]);
  });

  it('reports an internal link that resolves to no page, with a suggestion', () => {
    const r = check([page('about-us', '  - type: links\n    links:\n      - { label: About, href: /about-su }\n')]);
    expect(lines(r)).toEqual([
      "data/pages/about-us.yaml:11:31 error /blocks/0/links/0/href internal link /about-su does not resolve to a page (did you mean '/about-us'?)",
    ]);
  });

  it('accepts internal links with a query or fragment', () => {
    const r = check([
      page(
        'about-us',
        '  - type: links\n    links:\n      - { label: Top, href: "/about-us#story" }\n      - { label: Home, href: "/?ref=x" }\n',
      ),
    ]);
    expect(r.problems).toEqual([]);
  });

  it('reports a /go/ link to an unknown provider', () => {
    const r = check([siteWith('cta: { label: Home, href: / }', 'cta: { label: Deal, href: /go/nordpvn }')]);
    expect(lines(r)).toEqual([
      "data/site.yaml:37:31 error /home/hero/cta/href link to unknown provider 'nordpvn' (did you mean 'nordvpn'?)",
    ]);
  });

  it('requires an affiliate link to be an absolute http(s) URL or a # placeholder', () => {
    const r = check([
      { rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { affiliate: 'affiliate: "nordvpn.com/deal"' }) },
      { rel: 'providers/surfshark.yaml', text: providerYaml('surfshark', { affiliate: 'affiliate: "ftp://surfshark.com"' }) },
    ]);
    expect(lines(r)).toEqual([
      'data/providers/nordvpn.yaml:20:12 error /affiliate affiliate must be an absolute http(s) URL or a placeholder starting with \'#\' (found "nordvpn.com/deal")',
      'data/providers/surfshark.yaml:20:12 error /affiliate affiliate must be an absolute http(s) URL or a placeholder starting with \'#\' (found "ftp://surfshark.com")',
    ]);
  });
});

describe('one mistake, one error', () => {
  it('knows a provider by its file name and by the slug it wrongly has, so references to either are not errors too', () => {
    const r = check([
      { rel: 'providers/nordvpn.yaml', text: providerYaml('nord-vpn') },
      page(
        'about-us',
        '  - type: links\n    links:\n      - { label: Review, href: /vpn-reviews/nord-vpn }\n      - { label: Deal, href: /go/nord-vpn }\n      - { label: Deal, href: /go/nordvpn }\n',
      ),
    ]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:1:7 error /slug slug 'nord-vpn' must equal the file name 'nordvpn'"]);
  });

  it('folds the references to a provider that does not exist into the first, listing the others', () => {
    const r = check([
      page('about-us', '  - type: links\n    links:\n      - { label: Deal, href: /go/expressvpn }\n'),
      siteWith('cta: { label: Home, href: / }', 'cta: { label: Deal, href: /go/expressvpn }'),
    ]);
    expect(r.errorCount).toBe(1);
    expect(lines(r)).toEqual([
      "data/pages/about-us.yaml:11:30 error /blocks/0/links/0/href link to unknown provider 'expressvpn', and 1 more reference to it",
    ]);
    expect(r.problems[0]!.folded).toEqual([{ file: 'data/site.yaml', line: 37, column: 31, pointer: '/home/hero/cta/href' }]);
  });
});

describe('warnings', () => {
  it('warns about a placeholder affiliate link, naming where /go/ sends visitors meanwhile, and the content stays usable', () => {
    const r = check([{ rel: 'providers/surfshark.yaml', text: providerYaml('surfshark', { affiliate: 'affiliate: "#surfshark"' }) }]);
    expect(lines(r)).toEqual([
      "data/providers/surfshark.yaml:20:12 warning /affiliate no affiliate link yet ('#surfshark'): /go/surfshark sends visitors to https://example.com, unpaid, until one is set",
    ]);
    expect(r.errorCount).toBe(0);
    expect(r.content).toBeDefined();
  });

  it('fails on placeholder text left in content', () => {
    const r = check([
      page(
        'terms-of-service',
        '  - type: prose\n    heading: Governing Law\n    paragraphs:\n      - These terms are governed by the laws of [Jurisdiction].\n',
      ),
    ]);
    expect(lines(r)).toEqual([
      "data/pages/terms-of-service.yaml:12:9 error /blocks/0/paragraphs/0 placeholder text '[Jurisdiction]' is still in the content: write the text visitors should read",
    ]);
    expect(r.errorCount).toBe(1);
  });
});
