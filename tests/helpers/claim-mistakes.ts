/**
 * Single mistakes in what the content claims, each with the one error `vpnsite validate` must give for it: typed
 * measurements, pick sets without a measure or claiming more than they are, a pair's sentence against its verdict,
 * a discontinued service still sold, and deal words the prices have not earned.
 */
import { join } from 'node:path';
import { edit } from './cli.ts';
import type { Mistake } from './mistake-kit.ts';

const change = (rel: string, from: string, to: string) => (data: string) => edit(join(data, rel), from, to);
const at = (rel: string, line: number, column: number, pointer: string, message: string) => ({ rel, line, column, pointer, message });

const BEST_VPN = 'articles/best-vpn-2025.yaml';
const LOSS = "Speeds were close behind NordVPN's ({{surfshark.speedLoss}} of the line lost,";
const measurement = (text: string, slug = '<provider>') =>
  `measurement "${text}" is typed into the text: ours come from the tests through a figure ({{${slug}.speedLoss}}, {{${slug}.download}}, {{${slug}.ping}}), and a number that is not ours needs its source beside it (source:, which the page shows)`;

export const CLAIM_MISTAKES: Mistake[] = [
  {
    name: 'a speed loss typed as a range with a hyphen',
    make: change(BEST_VPN, LOSS, "Speeds were close behind NordVPN's (18-25% of the line lost,"),
    error: at(BEST_VPN, 64, 45, '/blocks/3/paragraphs/1', measurement('18-25%')),
  },
  {
    name: 'a speed loss typed in words',
    make: change(BEST_VPN, LOSS, "Speeds were close behind NordVPN's (18 to 25 percent of the line lost,"),
    error: at(BEST_VPN, 64, 45, '/blocks/3/paragraphs/1', measurement('18 to 25 percent')),
  },
  {
    name: 'a speed typed in Mbps',
    make: change('streaming.yaml', 'test line was {{nordvpn.download}}', 'test line was 90 Mbps'),
    error: at('streaming.yaml', 152, 82, '/faq/items/2/answer', measurement('90 Mbps')),
  },
  {
    name: 'a ping typed in ms',
    make: change('articles/how-to-choose-reliable-vpn.yaml', 'we measured, {{nordvpn.ping}} (NordVPN)', 'we measured, 8 ms (NordVPN)'),
    error: at('articles/how-to-choose-reliable-vpn.yaml', 97, 71, '/blocks/4/rows/1/cells/0', measurement('8 ms')),
  },
  {
    name: 'a score typed out of 10',
    make: change(BEST_VPN, 'and it handled streaming just as reliably', 'and it scored 9.1/10 for streaming'),
    error: at(BEST_VPN, 65, 23, '/blocks/3/paragraphs/1', measurement('9.1/10')),
  },
  {
    name: 'a pick set without a measure',
    make: change('gaming.yaml', 'picks:\n  by: ping\n', 'picks:\n'),
    error: at('gaming.yaml', 33, 3, '/picks', "must have required property 'by'"),
  },
  {
    name: 'a pick set by a measure there is not',
    make: change('gaming.yaml', 'picks:\n  by: ping\n', 'picks:\n  by: pings\n'),
    error: at(
      'gaming.yaml',
      33,
      7,
      '/picks/by',
      "unknown measure 'pings': a pick set is chosen by one of rating, ping, download, price, discount, security, privacy, speed, streaming, ease-of-use, value, support, partners (did you mean 'ping'?)",
    ),
  },
  {
    name: 'a "best" claim over a set of partners',
    make: change('articles/reduce-vpn-costs.yaml', 'heading: Deals from Our Partners', 'heading: Best Deals from Our Partners'),
    error: at(
      'articles/reduce-vpn-costs.yaml',
      94,
      14,
      '/blocks/4/heading',
      '"Best" claims the best, but this set is chosen by who pays us (by: partners): say "our partners", or choose it by a measure (by: rating, ping, price, a score...)',
    ),
  },
  {
    name: "a pair page's sentence against its verdict",
    make: change('compare/nordvpn-vs-surfshark.yaml', 'on one subscription for less.', 'on one subscription, faster and for less.'),
    error: at(
      'compare/nordvpn-vs-surfshark.yaml',
      12,
      66,
      '/verdict/0',
      '"faster" gives speed to Surfshark, but this page\'s speed verdict is for NordVPN (scores 9.9 and 9.1; scores within 0.2 are a tie): say what the verdict says',
    ),
  },
  {
    name: 'a recommending word in the review of a discontinued service',
    make: change('providers/atlas-vpn.yaml', 'kept for the record.', 'kept for the record; we still recommend it.'),
    error: at(
      'providers/atlas-vpn.yaml',
      49,
      90,
      '/review/tagline',
      '"recommend" recommends Atlas VPN, which has shut down: its review is an archive, in the past tense, that points readers elsewhere',
    ),
  },
  {
    name: 'a year in the title of a discontinued service',
    make: change(
      'providers/atlas-vpn.yaml',
      '  title: Atlas VPN Review (Discontinued)\n',
      '  title: Atlas VPN Review 2025 (Discontinued)\n',
    ),
    error: at(
      'providers/atlas-vpn.yaml',
      48,
      27,
      '/review/title',
      'the review of a service that has shut down is an archive: its title has no year, and says it is discontinued',
    ),
  },
  {
    name: 'a price in the pros of a discontinued service',
    make: change('providers/atlas-vpn.yaml', '    - Low long-term prices while it was sold', '    - Only {{atlas-vpn.price}} a month'),
    error: at(
      'providers/atlas-vpn.yaml',
      78,
      12,
      '/review/pros/0',
      'a price in the pros or verdict of a service that has shut down sells what no one can buy: leave it out',
    ),
  },
  {
    name: '"Up to" above the largest discount the page shows',
    make: change('deals.yaml', 'label: "Up to {{max.discount}} savings"', 'label: "Up to 82% savings"'),
    error: at(
      'deals.yaml',
      19,
      28,
      '/hero/trust/1/label',
      '"Up to 82% savings" is typed; "up to" is the largest discount the page shows, which changes with the prices: write "Up to {{max.discount}}"',
    ),
  },
  {
    name: '"Verified" outside the words the prices must earn',
    make: change(
      'deals.yaml',
      '    The largest discounts on the plans we show',
      '    Verified: the largest discounts on the plans we show',
    ),
    error: at(
      'deals.yaml',
      15,
      5,
      '/hero/subtitle',
      '"Verified" claims the prices are current, whatever their age: put it under fresh:, which the page shows only while every price on it was checked within site.yaml prices.maxAgeDays',
    ),
  },
  {
    name: "an article's <title> that says something its heading does not",
    make: change('articles/vpn-for-netflix.yaml', 'Netflix in 2025: Unlock Every Library"', 'Netflix in 2025: Unlock More Libraries"'),
    error: at(
      'articles/vpn-for-netflix.yaml',
      4,
      10,
      '/meta/title',
      'the <title> says "Best VPN for Netflix in 2025: Unlock More Libraries" and the page\'s heading "Best VPN for Netflix in 2025: Unlock Every Library": "more" is not the heading\'s; a title may shorten the heading, never say something else',
    ),
  },
];
