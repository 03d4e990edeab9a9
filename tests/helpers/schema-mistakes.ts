/** Single mistakes against a file's own schema, and YAML that does not parse. */
import { at, change, DATE, type Mistake } from './mistake-kit.ts';

export const SCHEMA_MISTAKES: Mistake[] = [
  {
    name: 'a rating out of range in a provider',
    make: change('providers/nordvpn.yaml', 'rating: 4.9', 'rating: 7'),
    error: at('providers/nordvpn.yaml', 6, 9, '/rating', 'must be <= 5'),
  },
  {
    name: 'a required field of an article renamed',
    make: change('articles/vpn-speed-test.yaml', '\ntitle: "VPN Speed', '\ntitel: "VPN Speed'),
    error: at('articles/vpn-speed-test.yaml', 9, 1, '/titel', "unknown property 'titel' (did you mean 'title'?)"),
  },
  {
    name: "an article's slug left out",
    make: change('articles/vpn-speed-test.yaml', 'slug: vpn-speed-test\n', ''),
    error: at('articles/vpn-speed-test.yaml', 2, 1, '', "must have required property 'slug'"),
  },
  {
    name: "a provider's name left out",
    make: change('providers/nordvpn.yaml', 'name: "NordVPN"\n', ''),
    error: at('providers/nordvpn.yaml', 2, 1, '', "must have required property 'name'"),
  },
  {
    name: 'a required field of a guide renamed',
    make: change('guides/windows-setup-guide.yaml', '\ntitle: How to', '\ntitel: How to'),
    error: at('guides/windows-setup-guide.yaml', 11, 1, '/titel', "unknown property 'titel' (did you mean 'title'?)"),
  },
  {
    name: "a page's title left out",
    make: change('pages/about-us.yaml', 'title: About VPN Compass\n', ''),
    error: at('pages/about-us.yaml', 2, 1, '', "must have required property 'title'"),
  },
  {
    name: 'a word where a number belongs',
    make: change('providers/surfshark.yaml', 'countries: 65', 'countries: lots'),
    error: at('providers/surfshark.yaml', 16, 12, '/countries', 'must be integer (found "lots")'),
  },
  {
    name: 'a date that does not exist',
    make: change('articles/vpn-speed-test.yaml', 'updated: "2025-01-15"', 'updated: "2025-13-45"'),
    error: at('articles/vpn-speed-test.yaml', 11, 10, '/updated', `does not match the expected format ${DATE} (found "2025-13-45")`),
  },
  {
    name: 'an unknown block type',
    make: change('articles/vpn-speed-test.yaml', 'type: quick-answer', 'type: quick-answr'),
    error: at(
      'articles/vpn-speed-test.yaml',
      18,
      11,
      '/blocks/0/type',
      "unknown block type 'quick-answr' (did you mean 'quick-answer'?); expected one of: " +
        'prose, cards, faq, links, cta, icon-list, steps, requirements, issues, provider-downloads, firmware, protocols, platform-steps, stats, ' +
        'guide-cards, article-cards, contact-info, contact-form, legal-sections, quick-answer, callout, ranking, recommendations, comparison-table, cost-table, ' +
        'tips, price-list, deal-list',
    ),
  },
  {
    name: 'a block without its type',
    make: change('articles/vpn-speed-test.yaml', '  - type: quick-answer\n    heading', '  - heading'),
    error: at('articles/vpn-speed-test.yaml', 18, 5, '/blocks/0', "must have required property 'type'"),
  },
  {
    name: 'a YAML syntax error in a provider',
    make: change('providers/nordvpn.yaml', 'name: "NordVPN"', 'name: "NordVPN'),
    error: at('providers/nordvpn.yaml', 3, 15, '', 'YAML: Missing closing "quote'),
  },
  {
    name: 'a YAML syntax error in an article',
    make: change('articles/vpn-speed-test.yaml', 'category: Performance Test', 'category: [Performance Test'),
    error: at(
      'articles/vpn-speed-test.yaml',
      11,
      1,
      '',
      'YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ),
  },
];
