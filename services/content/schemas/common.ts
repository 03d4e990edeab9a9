/** Building blocks shared by every content schema. Each field carries a description: editors see it as autocompletion. */
import { Type, type TSchema } from '@sinclair/typebox';

/** A closed object: every property required unless wrapped in Type.Optional, nothing extra allowed. */
export function Obj<T extends Parameters<typeof Type.Object>[0]>(properties: T, description: string) {
  return Type.Object(properties, { additionalProperties: false, description });
}

/** A string field with a description (and optional extra keywords such as minLength). */
export function Str(description: string, extra: Record<string, unknown> = {}) {
  return Type.String({ minLength: 1, description, ...extra });
}

/** A string from a fixed set, as a JSON Schema enum (one clear error instead of one per alternative). */
export function Enum<const T extends readonly string[]>(values: T, description: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}

/** A list with a description and at least `min` items. */
export function List<T extends TSchema>(items: T, description: string, min = 1) {
  return Type.Array(items, { description, minItems: min });
}

const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const IsoDate = Str('A calendar date, YYYY-MM-DD.', { pattern: DATE_PATTERN });

/** A calendar date field with its own description. */
export const DateField = (description: string) => Str(`${description} A calendar date, YYYY-MM-DD.`, { pattern: DATE_PATTERN });

const TIME_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?Z$';

/**
 * When a page or card is on the site: `draft: true` keeps it off (shown only in `vpnsite dev`, marked "Draft");
 * `publishAt` and `expiresAt` give the moments, in UTC, it goes on and comes off. Outside them it is not built, is
 * in no index, sitemap or feed, and a link to it from other content is an error.
 */
export const Publishing = {
  draft: Type.Optional(
    Type.Boolean({
      description: 'true: not on the site yet. `vpnsite dev` shows it with a "Draft" ribbon; `vpnsite build` leaves it out.',
    }),
  ),
  publishAt: Type.Optional(
    Str(
      'When it goes on the site, in UTC, e.g. 2026-12-01T09:00:00Z. Before then it is left out; `vpnsite serve` with SCHEDULED_BUILDS=1 rebuilds at that moment.',
      { pattern: TIME_PATTERN },
    ),
  ),
  expiresAt: Type.Optional(
    Str('When it comes off the site, in UTC, e.g. 2027-01-31T23:59:00Z. From then on it is left out.', { pattern: TIME_PATTERN }),
  ),
};

/** Icon names the site knows how to draw (site/components/icon.tsx maps each to a lucide-react icon). */
export const ICON_NAMES = [
  'shield',
  'shield-check',
  'lock',
  'globe',
  'eye-off',
  'zap',
  'gauge',
  'server',
  'wifi',
  'smartphone',
  'monitor',
  'laptop',
  'router',
  'settings',
  'download',
  'user',
  'users',
  'check-circle',
  'alert-triangle',
  'x-circle',
  'clock',
  'star',
  'award',
  'heart',
  'target',
  'trending-up',
  'dollar-sign',
  'tag',
  'gift',
  'credit-card',
  'calendar',
  'headphones',
  'mail',
  'phone',
  'map-pin',
  'message-circle',
  'play',
  'tv',
  'film',
  'gamepad',
  'search',
  'book-open',
  'file-text',
  'key',
  'terminal',
  'refresh',
  'battery',
  'info',
  'help-circle',
  'thumbs-up',
  'cpu',
  'network',
] as const;
export const Icon = Enum(ICON_NAMES, `An icon name: one of ${ICON_NAMES.join(', ')}.`);

export const BadgeVariant = Enum(
  ['default', 'secondary', 'outline', 'destructive'],
  'Badge style: default (brand colour), secondary (grey), outline (bordered) or destructive (red).',
);

export const Difficulty = Enum(
  ['Easy', 'Intermediate', 'Advanced'],
  'Difficulty shown as a badge: Easy is secondary, Intermediate is outline, Advanced is destructive.',
);

export const SEVERITIES = ['essential', 'important', 'primary', 'high', 'medium'] as const;
export const Severity = Enum(SEVERITIES, 'How much a card matters; the article maps each severity to its badge text.');

/** A provider reference by slug; the validator checks it exists and suggests the closest slug when it does not. */
export const ProviderRef = Str('The slug of a provider in data/providers, e.g. nordvpn.', { pattern: '^[a-z0-9-]+$' });

/**
 * A provider's affiliate link: an absolute http(s) URL, or a placeholder starting with '#' while there is none yet.
 * Either way its buttons work: /go/<slug> sends visitors to the provider's website until the link is set.
 */
export const OutboundLink = Str(
  "The affiliate URL, https://…, with {click_id} as the network's sub-ID parameter (aff_sub={click_id} for HasOffers-style links) so conversions join their clicks; or a placeholder starting with '#' while there is none: /go/<slug> then sends visitors to the provider's website, unpaid, and validate warns.",
);

/** A plan's id: a key of a provider's `plans:`, e.g. 2-year. */
export const PLAN_ID = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** A reference to one of a provider's plans; without it, the plan the provider's cards show. */
export const PlanRef = Str(
  "The id of one of the provider's plans (a key of its `plans:`), e.g. 2-year. Leave out for the plan its cards show (its `plan:`).",
  { pattern: PLAN_ID },
);

/**
 * The names a provider's outbound links may have (`links:` in its YAML), each reached at /go/<slug>/<name>. A name
 * a provider has no link for falls back to its website there.
 */
export const LINK_NAMES = ['website', 'windows', 'macos', 'linux', 'ios', 'android', 'router'] as const;
export const LinkName = Enum(
  LINK_NAMES,
  `One of the provider's named links: ${LINK_NAMES.join(', ')}. /go/<slug>/<name> opens it, or the provider's website when it has none by that name.`,
);

/** A deal button's destination: one of the provider's named links instead of its affiliate link. */
export const DealLink = Enum(
  LINK_NAMES,
  `Sends the button to one of the provider's named links (${LINK_NAMES.join(', ')}) instead of its affiliate link, e.g. website for a deal we are not paid for. Leave out for the affiliate link.`,
);

/** An internal site path or an absolute URL. Internal paths must resolve to a registered route. */
export const Href = Str("A site path starting with '/' (must be a registered route) or an absolute http(s) URL.");

export const Link = Obj({ label: Str('The visible link text.'), href: Href }, 'A link.');

export const Meta = Obj(
  {
    title: Str('The document <title>; keep it under 60 characters and unique across the site.', { maxLength: 120 }),
    description: Str('The meta description; keep it under 160 characters and unique across the site.', { maxLength: 320 }),
    keywords: List(Str('One keyword or phrase.'), 'Meta keywords.'),
  },
  'Head tags for this page.',
);

/** An SVG logo file in data/logos/; the validator checks that it exists and is a small, self-contained drawing. */
export const LogoSvg = Str(
  'An SVG file in data/logos/, e.g. "nordvpn.svg", shown as the logo (`vpnsite new` draws a monogram tile there until the real logo replaces it); the emoji in `logo`, if any, is the fallback.',
  { pattern: '^[a-z0-9]+(-[a-z0-9]+)*\\.svg$' },
);

export const Paragraphs = List(Str('One paragraph of plain text.'), 'Paragraphs of text, in order.');

export const IconText = Obj(
  { icon: Icon, title: Str('Heading of the item.'), text: Str('One or two sentences under the heading.') },
  'An item with an icon, a heading and a short text.',
);

export const Faq = List(
  Obj({ question: Str('The question, as a reader would ask it.'), answer: Str('The answer, in plain text.') }, 'One FAQ entry.'),
  'Questions and answers, shown as disclosure widgets.',
);

export const Badge = Obj({ text: Str('Badge text.'), variant: BadgeVariant }, 'A small label.');

/**
 * What a set of picks is chosen by. The picks are the top of the measure over every reviewed provider still in
 * business, and the page lists all of them by it below, so a pick list is never typed by hand.
 */
export const PickBy = Str(
  'What the picks are chosen by: rating, ping (lowest to a nearby server), download (median), price (lowest a month), discount (largest), a criterion id of methodology.yaml for its score (e.g. streaming, security, ease-of-use, value), or partners: the providers that pay us, said as "our partners", with no "best" or measurement claim.',
  { pattern: '^[a-z][a-z0-9-]*$' },
);
/** How many picks a set shows. */
export const PickCount = Type.Integer({ minimum: 1, maximum: 12, description: 'How many of the top providers to pick.' });
/** The words a pick card shows for a provider whenever the measure picks it; they never decide who is picked. */
export const PickNotes = <T extends Parameters<typeof Type.Object>[0]>(fields: T, description: string) =>
  Type.Optional(
    List(
      Obj(
        { provider: ProviderRef, ...fields },
        `${description} Shown only while the measure picks this provider; a provider without notes gets a card of its figures alone.`,
      ),
      'Words for the cards, by provider, in rating order; they decide nothing about who is picked.',
    ),
  );
