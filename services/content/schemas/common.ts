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

export const IsoDate = Str('A calendar date, YYYY-MM-DD.', { pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** Icon names the site knows how to draw (site/components/icon.tsx maps each to a lucide-react icon). */
export const ICON_NAMES = [
  'shield', 'shield-check', 'lock', 'globe', 'eye-off', 'zap', 'gauge', 'server', 'wifi', 'smartphone', 'monitor',
  'laptop', 'router', 'settings', 'download', 'user', 'users', 'check-circle', 'alert-triangle', 'x-circle', 'clock',
  'star', 'award', 'heart', 'target', 'trending-up', 'dollar-sign', 'tag', 'gift', 'credit-card', 'calendar',
  'headphones', 'mail', 'phone', 'map-pin', 'message-circle', 'play', 'tv', 'film', 'gamepad', 'search', 'book-open',
  'file-text', 'key', 'terminal', 'refresh', 'battery', 'info', 'help-circle', 'thumbs-up', 'cpu', 'network',
] as const;
export const Icon = Enum(ICON_NAMES, `An icon name: one of ${ICON_NAMES.join(', ')}.`);

export const BadgeVariant = Enum(
  ['default', 'secondary', 'outline', 'destructive'],
  'Badge style: default (brand colour), secondary (grey), outline (bordered) or destructive (red).',
);

export const Difficulty = Enum(
  ['Easy', 'Intermediate', 'Advanced'],
  'Difficulty shown as a badge: Easy is secondary, Intermediate is outline, Advanced is destructive (spec §4).',
);

export const SEVERITIES = ['essential', 'important', 'primary', 'high', 'medium'] as const;
export const Severity = Enum(SEVERITIES, 'How much a card matters; the article maps each severity to its badge text.');

/** A provider reference by slug; the validator checks it exists and suggests the closest slug when it does not. */
export const ProviderRef = Str('The slug of a provider in data/providers, e.g. nordvpn.', { pattern: '^[a-z0-9-]+$' });

/** An outbound link: absolute http(s) URL, or a placeholder starting with '#' whose buttons do nothing (spec §4). */
export const OutboundLink = Str("An absolute http(s) URL, or a placeholder starting with '#' (its button logs and does nothing).");

/**
 * A deal's own link override: only a '#' placeholder, which makes its button inert (spec §3: a deal without an
 * affiliate link). Real clicks always go through /go/<provider>, whose target is the provider file's link.
 */
export const PlaceholderLink = Str("A placeholder starting with '#': the button logs and does nothing. Leave out to link through the provider's /go/ URL.", { pattern: '^#' });

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
export const LogoSvg = Str('An SVG file in data/logos/, e.g. "nordvpn.svg", shown as the logo; the emoji in `logo` stays as the fallback.', { pattern: '^[a-z0-9]+(-[a-z0-9]+)*\\.svg$' });

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
