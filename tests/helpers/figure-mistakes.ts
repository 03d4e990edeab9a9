/** Single mistakes of a figure, count, date or ranking typed where it must be derived. */
import { at, change, type Mistake } from './mistake-kit.ts';

export const FIGURE_MISTAKES: Mistake[] = [
  {
    name: 'a discount typed into a plan',
    make: change('providers/nordvpn.yaml', '    months: 24\n', '    months: 24\n    discount: 73\n'),
    error: at(
      'providers/nordvpn.yaml',
      31,
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
      34,
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
];
