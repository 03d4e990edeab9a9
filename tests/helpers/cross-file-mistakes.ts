/** Single mistakes across files: duplicate slugs, references to what does not exist, discontinued providers. */
import { cpSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { at, change, type Mistake } from './mistake-kit.ts';

export const CROSS_FILE_MISTAKES: Mistake[] = [
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
      "{{nordvpn.2-year.price}}: unknown provider 'nordvpn', and 66 more references to it in 18 files",
      66,
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
];
