/** data/providers/<slug>.yaml: one VPN provider, the record of its figures and plans, and its review page. */
import { Type } from '@sinclair/typebox';
import { CRITERION_ID } from './methodology.ts';
import { Plan, Pricing } from './plan.ts';
import { Badge, DateField, Enum, LINK_NAMES, List, LogoSvg, Meta, Obj, OutboundLink, Paragraphs, PLAN_ID, PlanRef, Str } from './common.ts';

const Feature = Obj(
  {
    label: Str('What the feature is, e.g. "Kill switch".'),
    available: Type.Boolean({ description: 'true shows a green tick, false a red cross.' }),
  },
  'One feature with a yes/no mark.',
);

export const Review = Obj(
  {
    meta: Meta,
    author: Type.Optional(
      Str('Who wrote the review: an id in data/authors.yaml, shown in the byline.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    ),
    title: Str('The review page <h1>, e.g. "NordVPN Review 2025".'),
    tagline: Str('One sentence under the title.'),
    badge: Type.Optional(Badge),
    deal: Obj(
      {
        title: Str('Deal card heading, e.g. "Best NordVPN Deal".'),
        plan: Type.Optional(PlanRef),
        cta: Str('Button text, e.g. "Get NordVPN Deal".'),
      },
      "The deal card at the top of the review: the plan's price, regular price, discount, term and guarantee.",
    ),
    overview: Paragraphs,
    features: Obj(
      { security: List(Feature, 'Security features.'), streaming: List(Feature, 'Streaming features.') },
      'Key features with yes/no marks.',
    ),
    speed: Type.Optional(
      Obj(
        { intro: Str('One sentence on how the test was run.') },
        "The speed-test section: its rows, line and date come from the provider's latest run in data/tests/<slug>/. Leave it out until the provider is tested: the review then says its speed is not tested yet, and shows no results.",
      ),
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

/** Named outbound links: the website, then any of the download or setup pages, then any other the editor names. */
const Links = Type.Object(
  {
    website: Str(
      "The provider's own site, https://…: /go/<slug> falls back to it while there is no affiliate link, and so does a missing named link.",
      { pattern: '^https?://' },
    ),
    ...Object.fromEntries(
      LINK_NAMES.filter((n) => n !== 'website').map((n) => [
        n,
        Type.Optional(Str(`The ${n} download or setup page, https://…, reached at /go/<slug>/${n}.`, { pattern: '^https?://' })),
      ]),
    ),
  },
  {
    // Any other name (a promotion, a landing page) is a link of this provider too, for routing rules and /go/<slug>/<name>.
    additionalProperties: Str(
      "Another outbound link of this provider, https://…, reached at /go/<slug>/<name> and usable as a rule's or split's `to`. It may hold {click_id}.",
      { pattern: '^https?://' },
    ),
    propertyNames: { pattern: '^[a-z][a-z0-9-]{0,39}$' },
    description: `Named outbound links, each reached at /go/<slug>/<name>: website (required), ${LINK_NAMES.filter((n) => n !== 'website').join(', ')}, and any other lower-case name.`,
  },
);

const Target = Str("Where the click goes: 'affiliate', or a key of `links:` (website, promo, …).", { pattern: '^[a-z][a-z0-9-]{0,39}$' });

/** One routing rule: the first whose every condition matches a click decides where it goes. */
const Rule = Obj(
  {
    when: Type.Object(
      {
        country: Type.Optional(
          List(
            Str('An ISO 3166-1 alpha-2 country code, e.g. DE.', { pattern: '^[A-Z]{2}$' }),
            'Visitor countries, from the header named by GEO_COUNTRY_HEADER; without that setting the rule never matches.',
          ),
        ),
        device: Type.Optional(
          List(Enum(['ios', 'android', 'desktop'] as const, 'ios, android or desktop, from the user agent.'), 'Visitor devices.'),
        ),
        from: Type.Optional(DateField('The first UTC day the rule applies.')),
        until: Type.Optional(DateField('The last UTC day the rule applies.')),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        description: 'Conditions, all of which must hold: country, device, and a schedule (from/until, UTC days, both included).',
      },
    ),
    to: Target,
  },
  'A routing rule for /go/<slug>.',
);

const Variant = Obj(
  {
    to: Target,
    weight: Type.Integer({ minimum: 1, maximum: 100, description: 'Share of the clicks, in percent; the weights sum to 100.' }),
  },
  'One variant of a split.',
);

export const ProviderSchema = Obj(
  {
    slug: Str('URL slug; must equal the file name.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    draft: Type.Optional(
      Type.Boolean({
        description:
          'true: not on the site yet (no review page, in no list, ranking, comparison or deal, and /go/<slug> is not found); `vpnsite dev` shows its review with a "Draft" ribbon. Placeholder text (TODO) is then a warning, not an error. Remove the line once the file is filled in.',
      }),
    ),
    name: Str('Display name, e.g. "NordVPN".'),
    logo: Type.Optional(
      Str('An emoji, shown as the logo where there is no logoSvg (where the system has no emoji font it shows as an empty box).'),
    ),
    logoSvg: Type.Optional(LogoSvg),
    rating: Type.Number({
      minimum: 0,
      maximum: 5,
      description:
        'Rating out of 5; the only rating figure for this provider anywhere on the site. With `scores:` it must be their weighted average (data/methodology.yaml) halved, to one decimal.',
    }),
    scores: Type.Optional(
      Type.Record(
        Type.String({ pattern: CRITERION_ID }),
        Type.Number({ minimum: 0, maximum: 10, description: 'A score out of 10, e.g. 9.5.' }),
        {
          minProperties: 1,
          additionalProperties: false,
          description:
            'A score out of 10 for each criterion of data/methodology.yaml it was tested for, by criterion id (security: 9.5). Leave a criterion out when it was not tested: it then counts for nothing, never as zero.',
        },
      ),
    ),
    owner: Str('The company that owns and runs the service, e.g. "Nord Security"; shown on its review and the method page.'),
    servers: Type.Integer({ minimum: 1, description: 'Number of servers, at least; shown as "5,400+".' }),
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
    status: Type.Optional(
      Enum(
        ['active', 'discontinued'] as const,
        'active (the default) or discontinued: a discontinued provider keeps its review, with a notice and no buttons, and leaves every ranking, deal, /compare and head-to-head page; /go/<slug> leads to its review.',
      ),
    ),
    discontinued: Type.Optional(
      Obj(
        {
          on: DateField('The day the service shut down.'),
          reason: Str(
            'One line on why, shown in the notice on its review, e.g. "Nord Security closed it and moved its subscribers to NordVPN."',
            { pattern: '^[^\\n]+$', maxLength: 200 },
          ),
        },
        'When and why the service shut down; required with `status: discontinued`, and only then.',
      ),
    ),
    plan: Str('The id of the plan the comparison cards and the review show, e.g. 2-year.', { pattern: PLAN_ID }),
    plans: Type.Record(Type.String({ pattern: PLAN_ID }), Plan, {
      minProperties: 1,
      additionalProperties: false,
      description:
        'The plans, by id (e.g. 2-year). Pages name a plan by its id; none restates its figures. No two may have the same label (term and extras).',
    }),
    pricing: Type.Optional(Pricing),
    affiliate: OutboundLink,
    links: Links,
    subid: Type.Optional(
      Str(
        'Affiliate URL template with {click_id}, filled with the click id so conversions join to clicks. Simpler: put {click_id} in `affiliate:` itself.',
        { pattern: '\\{click_id\\}' },
      ),
    ),
    fallback: Type.Optional(
      Str(
        "Where /go/<slug> sends visitors while the latest link check finds the affiliate link broken, https://… (another network's link, say; it may hold {click_id}). Without it, the website.",
        { pattern: '^https?://' },
      ),
    ),
    deepLink: Type.Optional(
      Str(
        "The affiliate network's deep-link parameter, e.g. url: named links (/go/<slug>/windows, …) then go through the affiliate link with their page as this parameter, so they are paid.",
        { pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,39}$' },
      ),
    ),
    rules: Type.Optional(
      List(
        Rule,
        'Routing of /go/<slug>: the first rule that matches a click decides where it goes; with none, the affiliate link (or the split) does.',
      ),
    ),
    split: Type.Optional(List(Variant, "An A/B split of /go/<slug>'s default: each visitor gets one variant for the day, by weight.", 2)),
    allowedDomains: Type.Optional(
      List(
        Str('A host name, e.g. partner.example.', { pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$' }),
        "Hosts besides the website's and the affiliate link's that a split may send clicks to.",
      ),
    ),
    review: Type.Optional(Review),
    changelog: Type.Optional(
      List(
        Obj(
          {
            date: DateField('The day of the change.'),
            text: Str('What changed, in one sentence a reader can follow, e.g. "Added a Linux app with a graphical interface."'),
          },
          "One note in the review's change log.",
        ),
        'Notes for the "What changed" section of the review, beside the changes the test runs show; the newest dated entry is the review\'s Updated date.',
      ),
    ),
  },
  'A VPN provider: the one record of its figures and plans, and its review page. Without a review it has no card on the home grid or the reviews listing and no review page, and no ranking, pick or deal may name it: articles may still mention it in running text.',
);
