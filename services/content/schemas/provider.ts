/** data/providers/<slug>.yaml: one VPN provider, its comparison-card figures (spec §3) and its review page. */
import { Type } from '@sinclair/typebox';
import { Badge, IsoDate, List, LogoSvg, Meta, Obj, OutboundLink, Paragraphs, Str } from './common.ts';

const Feature = Obj(
  { label: Str('What the feature is, e.g. "Kill switch".'), available: Type.Boolean({ description: 'true shows a green tick, false a red cross.' }) },
  'One feature with a yes/no mark.',
);

const SpeedTest = Obj(
  {
    location: Str('Server location tested, e.g. "New York, US".'),
    download: Type.Number({ minimum: 0, description: 'Download speed in Mbps.' }),
    upload: Type.Number({ minimum: 0, description: 'Upload speed in Mbps.' }),
    ping: Type.Number({ minimum: 0, description: 'Ping in milliseconds.' }),
  },
  'One row of the speed-test table.',
);

export const Review = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    updatedLabel: Str('The visible update line, e.g. "Updated January 2025".'),
    title: Str('The review page <h1>, e.g. "NordVPN Review 2025".'),
    tagline: Str('One sentence under the title.'),
    badge: Badge,
    deal: Obj(
      {
        title: Str('Deal card heading, e.g. "Best NordVPN Deal".'),
        price: Str('Discounted monthly price with currency, e.g. "$3.39".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
        regularPrice: Str('Regular monthly price, shown struck through, e.g. "$12.95".', { pattern: '^\\$\\d+\\.\\d{2}$' }),
        discount: Str('Percent off, shown as a badge, e.g. "73% OFF".', { pattern: '^\\d{1,2}% OFF$' }),
        period: Str('What the price is for, e.g. "per month on the 2-year plan".'),
        note: Str('The guarantee or trial note, e.g. "30-day money-back guarantee".'),
        cta: Str('Button text, e.g. "Get NordVPN Deal".'),
      },
      'The deal card at the top of the review (spec §9 deal prices).',
    ),
    overview: Paragraphs,
    features: Obj(
      { security: List(Feature, 'Security features.'), streaming: List(Feature, 'Streaming features.') },
      'Key features with yes/no marks.',
    ),
    speed: Obj(
      {
        baseline: Type.Number({ minimum: 1, description: 'Connection speed without the VPN, in Mbps (100 in our tests).' }),
        intro: Str('One sentence on how the test was run.'),
        tests: List(SpeedTest, 'Speed-test rows.'),
      },
      'The speed-test table.',
    ),
    pros: List(Str('One advantage.'), 'Pros.'),
    cons: List(Str('One drawback.'), 'Cons.'),
    verdict: Obj(
      { title: Str('Verdict heading.'), text: Paragraphs, cta: Str('Second call-to-action button text.') },
      'The final verdict.',
    ),
  },
  'The review page at /vpn-reviews/<slug>.',
);

export const ProviderSchema = Obj(
  {
    slug: Str('URL slug; must equal the file name.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    order: Type.Integer({ minimum: 1, description: 'Position in comparison grids, 1 first.' }),
    name: Str('Display name, e.g. "NordVPN".'),
    logo: Str('An emoji, shown as the logo where there is no logoSvg.'),
    logoSvg: Type.Optional(LogoSvg),
    rating: Type.Number({ minimum: 0, maximum: 5, description: 'Rating out of 5; the only rating figure for this provider anywhere on the site.' }),
    monthlyPrice: Str('Price on the monthly plan, e.g. "$12.95".'),
    yearlyPrice: Str('Price per month on the annual plan, e.g. "$3.39".'),
    discount: Str('Discount label, e.g. "73% OFF".', { pattern: '^\\d{1,2}% OFF$' }),
    servers: Str('Server count label, shown under "Servers:", e.g. "5400+ servers".'),
    countries: Type.Integer({ minimum: 1, description: 'Number of countries with servers.' }),
    devices: Str('Simultaneous devices: a number or "Unlimited".', { pattern: '^(\\d+|Unlimited)$' }),
    streaming: Type.Boolean({ description: 'Unblocks streaming services.' }),
    torrenting: Type.Boolean({ description: 'Allows P2P/torrenting.' }),
    killSwitch: Type.Boolean({ description: 'Has a kill switch.' }),
    noLogs: Type.Boolean({ description: 'Has an audited or stated no-logs policy.' }),
    support: Str('Support label, e.g. "24/7 Live Chat".'),
    moneyBack: Str('Money-back period, e.g. "30 days".'),
    bestFor: Str('Short best-for tag, e.g. "Security".'),
    description: Str('One or two sentences used on listing cards.'),
    featured: Type.Optional(Type.Boolean({ description: 'Highlights the card with a ring and a "Best Overall" badge. Only one provider may set it.' })),
    affiliate: OutboundLink,
    website: Str("The provider's own site, https://…; /go/ falls back to it when the affiliate link is a placeholder.", { pattern: '^https?://' }),
    subid: Type.Optional(Str('Affiliate URL template with {click_id}, filled with the click id so conversions join to clicks.', { pattern: '\\{click_id\\}' })),
    review: Review,
  },
  'A VPN provider: comparison-card figures and review page.',
);
