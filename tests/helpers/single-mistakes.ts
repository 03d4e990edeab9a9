/** Single mistakes an editor makes in a copy of data/, each with the one error `vpnsite validate` must give for it. */
import { cpSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { edit } from './cli.ts';

/** The one error, with its file relative to the data directory; `{data}` in the message stands for its printed path. */
export interface ExpectedError {
  rel: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  /** How many other places are folded under it. */
  folded?: number;
}

export interface Mistake {
  name: string;
  make: (data: string) => void;
  error: ExpectedError;
}

const at = (rel: string, line: number, column: number, pointer: string, message: string, folded?: number): ExpectedError => ({
  rel,
  line,
  column,
  pointer,
  message,
  ...(folded === undefined ? {} : { folded }),
});

const change = (rel: string, from: string, to: string) => (data: string) => edit(join(data, rel), from, to);

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const MISTAKES: Mistake[] = [
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
  {
    name: 'a provider copied under a second name',
    make: (data) => cpSync(join(data, 'providers/nordvpn.yaml'), join(data, 'providers/nordvpn.yml')),
    error: at('providers/nordvpn.yml', 2, 7, '/slug', "duplicate slug 'nordvpn' (also in {data}/providers/nordvpn.yaml)"),
  },
  {
    name: "a slug that is not the file's name",
    make: change('providers/nordvpn.yaml', 'slug: nordvpn', 'slug: nord-vpn'),
    error: at('providers/nordvpn.yaml', 2, 7, '/slug', "slug 'nord-vpn' must equal the file name 'nordvpn'"),
  },
  {
    name: 'an internal link to no page',
    make: change('articles/vpn-speed-test.yaml', 'href: /articles/vpn-vs-proxy }', 'href: /articles/vpn-vs-prox }'),
    error: at(
      'articles/vpn-speed-test.yaml',
      167,
      38,
      '/blocks/10/links/0/href',
      "internal link /articles/vpn-vs-prox does not resolve to a page (did you mean '/articles/vpn-vs-proxy'?)",
    ),
  },
  {
    name: 'an unknown provider reference',
    make: change('deals.yaml', '  - provider: nordvpn', '  - provider: nordpvn'),
    error: at('deals.yaml', 43, 15, '/notes/0/provider', "unknown provider 'nordpvn' (did you mean 'nordvpn'?)"),
  },
  {
    name: 'a plan that the provider does not have',
    make: change('articles/best-vpn-2025.yaml', '{{nordvpn.2-year.price}}', '{{nordvpn.2-yaer.price}}'),
    error: at(
      'articles/best-vpn-2025.yaml',
      22,
      30,
      '/blocks/0/text',
      "{{nordvpn.2-yaer.price}}: unknown plan '2-yaer' of nordvpn; its plans: 2-year (did you mean '2-year'?)",
    ),
  },
  {
    name: 'a provider removed while pages still name it',
    make: (data) => rmSync(join(data, 'providers/nordvpn.yaml')),
    error: at(
      'articles/best-vpn-2025.yaml',
      22,
      30,
      '/blocks/0/text',
      "{{nordvpn.2-year.price}}: unknown provider 'nordvpn', and 65 more references to it in 17 files",
      65,
    ),
  },
  {
    name: 'a recommendation of a provider without a review',
    make: change(
      'articles/best-vpn-2025.yaml',
      '      - provider: cyberghost\n        cells:',
      '      - provider: expressvpn\n        cells:',
    ),
    error: at(
      'articles/best-vpn-2025.yaml',
      92,
      19,
      '/blocks/5/rows/2/provider',
      'ExpressVPN has no review: a comparison table may name only a reviewed provider (a mention in running text is fine); give it a review or pick another',
    ),
  },
  {
    name: 'a placeholder left in the text',
    make: change(
      'articles/vpn-speed-test.yaml',
      'a few minutes earlier, on the same device.',
      'a few minutes earlier, on the same device. [Add a screenshot]',
    ),
    error: at(
      'articles/vpn-speed-test.yaml',
      105,
      9,
      '/blocks/5/paragraphs/0',
      "placeholder text '[Add a screenshot]' is still in the content: write the text visitors should read",
    ),
  },
  {
    name: 'a deal button for a discontinued provider',
    make: change(
      'articles/reduce-vpn-costs.yaml',
      '      - provider: surfshark\n        features:\n          - "{{surfshark.servers}} servers in {{surfshark.countries}} countries"\n          - "{{surfshark.devices}} devices on one account"\n          - Smart DNS',
      '      - provider: atlas-vpn\n        features:\n          - "{{surfshark.servers}} servers in {{surfshark.countries}} countries"\n          - "{{surfshark.devices}} devices on one account"\n          - Smart DNS',
    ),
    error: at(
      'articles/reduce-vpn-costs.yaml',
      113,
      19,
      '/blocks/5/notes/1/provider',
      'Atlas VPN shut down on 2024-04-30: a pick box may not offer it or its buttons (its review stays, with a notice); name a provider still in business',
    ),
  },
  {
    name: 'a link to /go/ of a discontinued provider',
    make: change(
      'articles/best-vpn-2025.yaml',
      'link: { label: Compare VPN Services, href: / }',
      'link: { label: Compare VPN Services, href: /go/atlas-vpn }',
    ),
    error: at(
      'articles/best-vpn-2025.yaml',
      128,
      48,
      '/blocks/8/link/href',
      'Atlas VPN shut down on 2024-04-30: a button to /go/atlas-vpn would only lead to its review; link to /vpn-reviews/atlas-vpn or to a provider still in business',
    ),
  },
  {
    name: 'a discontinued provider without when and why',
    make: change(
      'providers/atlas-vpn.yaml',
      'discontinued:\n  on: 2024-04-30\n  reason: Nord Security, its owner, closed the service and moved paying subscribers to NordVPN.\n',
      '',
    ),
    error: at(
      'providers/atlas-vpn.yaml',
      4,
      9,
      '/status',
      'a discontinued provider needs `discontinued:` with the day it shut down (`on:`) and a one-line `reason:`, shown on its review',
    ),
  },
  {
    name: 'an article that is a link to a missing file',
    make: (data) => {
      rmSync(join(data, 'articles/vpn-speed-test.yaml'));
      symlinkSync('../drafts/vpn-speed-test.yaml', join(data, 'articles/vpn-speed-test.yaml'));
    },
    error: at(
      'articles/vpn-speed-test.yaml',
      1,
      1,
      '',
      'cannot be read: it is a link to ../drafts/vpn-speed-test.yaml, which does not exist',
    ),
  },
  {
    name: 'a discount typed into a plan',
    make: change('providers/nordvpn.yaml', '    regularPrice: 12.95\n', '    regularPrice: 12.95\n    discount: 73\n'),
    error: at(
      'providers/nordvpn.yaml',
      33,
      5,
      '/plans/2-year/discount',
      "'discount' is not typed: a plan's discount is worked out from its price and regularPrice (rounded down), so it can never disagree with them: remove it",
    ),
  },
  {
    name: 'two plans of one provider with one label',
    make: change('providers/cyberghost.yaml', '    months: 36\n', '    months: 24\n'),
    error: at(
      'providers/cyberghost.yaml',
      35,
      3,
      '/plans/3-year',
      "plans '2-year' and '3-year' are both shown as \"2-year plan\": a visitor could not tell them apart; merge them, or tell them apart by their months or extras",
    ),
  },
  {
    name: 'a speed score against the measurements',
    make: change('providers/ipvanish.yaml', '  speed: 8.0\n', '  speed: 8.6\n'),
    error: at(
      'providers/ipvanish.yaml',
      10,
      10,
      '/scores/speed',
      'speed score 8.6 is ordered against the speed tests: IPVanish kept 74.5% of the line (median download) but scores above Private Internet Access (kept 78%, score 8.3) and Proton VPN (kept 80%, score 8.2); a provider that keeps more than 3 points more of the line may not score lower on speed (methodology.yaml speedTolerance)',
    ),
  },
  {
    name: 'a list of providers out of rating order',
    make: change(
      'guides/mobile-setup-guide.yaml',
      '      - provider: protonvpn\n      - provider: tunnelbear\n',
      '      - provider: tunnelbear\n      - provider: protonvpn\n',
    ),
    error: at(
      'guides/mobile-setup-guide.yaml',
      41,
      19,
      '/blocks/0/providers/3/provider',
      'Proton VPN (4.3) is listed after TunnelBear (4.2): every list of providers is in rating order, ties by name, so that no commission can move one up; list them as nordvpn, surfshark, protonvpn, tunnelbear',
    ),
  },
  {
    name: 'a count of reviewed providers typed into text',
    make: change('reviews.yaml', 'Here are the {{count.reviewed}} services we reviewed', 'Here are the eight services we reviewed'),
    error: at(
      'reviews.yaml',
      14,
      18,
      '/hero/subtitle',
      'count "eight services we reviewed" is written out; how many providers the site reviews comes from the content: write {{count.reviewed}}',
    ),
  },
  {
    name: 'a count typed into a stat tile',
    make: change('pages/about-us.yaml', '{ value: "{{count.reviewed}}", label: VPNs reviewed }', '{ value: 100+, label: VPNs reviewed }'),
    error: at(
      'pages/about-us.yaml',
      55,
      18,
      '/blocks/3/items/1/value',
      'count "100+" is written out beside "VPNs reviewed"; how many providers the site reviews comes from the content: write {{count.reviewed}}',
    ),
  },
  {
    name: "a year in a title that is not the year of the page's last update",
    make: change('reviews.yaml', 'title: VPN Reviews 2025\n', 'title: VPN Reviews 2026\n'),
    error: at(
      'reviews.yaml',
      11,
      22,
      '/hero/title',
      "the title says 2026, but its page was last updated in 2025 (updated): a year in a title is the year of the page's last update; update the page and its date, or change the year",
    ),
  },
  {
    name: "an update line that is not the page's update date",
    make: change('methodology.yaml', 'updatedLabel: Updated January 2025', 'updatedLabel: Updated March 2025'),
    error: at(
      'methodology.yaml',
      9,
      23,
      '/updatedLabel',
      'the update line says March 2025, but updated is 2025-01-15: write January 2025, or correct the date',
    ),
  },
  {
    name: 'a test line typed into text',
    make: change('reviews.yaml', 'from a {{method.line}} line in', 'from a 100 Mbps line in'),
    error: at(
      'reviews.yaml',
      31,
      46,
      '/howWeReview/items/0/text',
      'test line "from a 100 Mbps line" is written out; the speed-test conditions live once, in methodology.yaml testLine: write {{method.line}}',
    ),
  },
  {
    name: "a review's speed table measured on another line than the method's",
    make: change('providers/nordvpn.yaml', '    baseline: 100\n', '    baseline: 1000\n'),
    error: at(
      'providers/nordvpn.yaml',
      82,
      15,
      '/review/speed/baseline',
      'baseline 1000 Mbps is not the test line: every speed test runs on methodology.yaml testLine (100 Mbps); measure on it, or correct the figure',
    ),
  },
];
