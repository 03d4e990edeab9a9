/**
 * A new content file that validates as it is: a draft (`draft: true`), with every required field of the kind's
 * schema, each with a placeholder of the right shape and a comment from the schema's own description, under the line
 * that points the editor's YAML language server at the schema. Made from the schema, so it never falls behind it.
 */
import { Document, isMap, isSeq } from 'yaml';
import { KINDS } from './schemas/index.ts';

type Schema = {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: string[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};

/** The kinds `vpnsite new` makes, with the folder each lives in. */
export const SCAFFOLD_KINDS = { provider: 'providers', article: 'articles', guide: 'guides' } as const;
export type ScaffoldKind = keyof typeof SCAFFOLD_KINDS;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

interface Context {
  slug: string;
  today: string;
  order: number;
  /** A name made from the slug, "Example Vpn" for example-vpn. */
  name: string;
  /** An author id from authors.yaml: with authors on file, every article names one. */
  author?: string;
  /** methodology.yaml's test line, in Mbps: a review's speed table is measured on it. */
  baseline?: number;
}

/** The block a new article or guide starts with: plain text, the simplest to replace. */
const FIRST_BLOCK = 'prose';

function placeholder(schema: Schema, key: string, ctx: Context): unknown {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return placeholder(alternatives.find((a) => a.properties?.type?.const === FIRST_BLOCK) ?? alternatives[0]!, key, ctx);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = placeholder(schema.properties![name]!, name, ctx);
      if (ctx.author && schema.properties?.author && key === '') out.author = ctx.author;
      // A map keyed by id (a provider's plans): one entry, named as the field that points at it expects.
      const entries = Object.values(schema.patternProperties ?? {});
      if (entries.length && !(schema.required ?? []).length) out.monthly = placeholder(entries[0]!, 'monthly', ctx);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => placeholder(schema.items!, key, ctx));
    case 'integer':
      return key === 'order' ? ctx.order : Math.max(schema.minimum ?? 1, 1);
    case 'number':
      if (key === 'baseline' && ctx.baseline !== undefined) return ctx.baseline;
      return key === 'rating' ? Math.min(schema.maximum ?? 4, 4) : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return stringPlaceholder(schema, key, ctx);
  }
}

function stringPlaceholder(schema: Schema, key: string, ctx: Context): string {
  const pattern = schema.pattern ?? '';
  if (key === 'slug') return ctx.slug;
  if (key === 'plan') return 'monthly';
  // A placeholder the validator knows: /go/<slug> sends visitors to the website until the real link is set.
  if (key === 'affiliate') return `#${ctx.slug}`;
  if (key === 'href') return '/';
  if (key === 'name' || key === 'title') return ctx.name;
  if (pattern.includes('\\d{4}-')) return ctx.today;
  if (pattern.includes('https?') || pattern.includes('https')) return 'https://www.example.com/';
  if (pattern.startsWith('^/')) return '/';
  if (pattern.includes('Unlimited')) return 'Unlimited';
  if (pattern === SLUG_PATTERN.source) return ctx.slug;
  return `TODO ${key}`;
}

/** The schema's description of a field, on one line. */
const describe = (schema: Schema | undefined) => schema?.description?.replace(/\s+/g, ' ').trim();

/** Puts each field's description above it, walking the document and the schema side by side. */
function comment(node: unknown, schema: Schema | undefined): void {
  if (!schema) return;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives && isMap(node)) {
    const type = node.get('type');
    comment(node, alternatives.find((a) => a.properties?.type?.const === type) ?? alternatives[0]);
    return;
  }
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = String((pair.key as { value: unknown }).value);
      const field = schema.properties?.[key] ?? Object.values(schema.patternProperties ?? {})[0];
      const text = describe(field);
      if (text) (pair.key as { commentBefore?: string }).commentBefore = ` ${text}`;
      comment(pair.value, field);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) comment(item, schema.items);
  }
}

/**
 * What a provider needs beyond its schema's required fields to have a page once it is filled in: its review, and a
 * score for each criterion (`criteria`, from methodology.yaml) that makes its rating. Speed is left out, both its
 * score and its table: a criterion not tested yet counts for nothing, and the review then says "not tested" over no
 * results, where a made-up table would contradict it and the other providers' tests.
 */
function providerExtras(schema: Schema, ctx: Context, criteria: string[] = []): Record<string, unknown> {
  const scored = criteria.filter((id) => id !== 'speed');
  const score = 8;
  return {
    ...(scored.length ? { rating: score / 2, scores: Object.fromEntries(scored.map((id) => [id, score])) } : {}),
    // With authors on file, every review names one, as an article does.
    review: { ...(placeholder(schema.properties!.review!, 'review', ctx) as object), ...(ctx.author ? { author: ctx.author } : {}) },
  };
}

/** "Example Vpn" from "example-vpn". */
export const nameOf = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/**
 * The text of a new file of the kind: `schemaPath` is the schema's path relative to the file (for the language
 * server's line), `order` the place it takes among its kind (after the others).
 */
export function scaffold(
  kind: ScaffoldKind,
  slug: string,
  opts: { schemaPath: string; today: string; order: number; author?: string; criteria?: string[]; baseline?: number; logoSvg?: string },
): string {
  const schema = KINDS[kind].schema as unknown as Schema;
  const ctx: Context = {
    slug,
    today: opts.today,
    order: opts.order,
    name: nameOf(slug),
    author: opts.author,
    ...(opts.baseline === undefined ? {} : { baseline: opts.baseline }),
  };
  const filled = placeholder(schema, '', ctx) as Record<string, unknown>;
  if (kind === 'provider') Object.assign(filled, providerExtras(schema, ctx, opts.criteria));
  // The logo, right after the name: a monogram tile in data/logos/ (logos.ts), never an emoji that a system without
  // an emoji font shows as an empty box.
  // A draft first: its TODOs must never reach a visitor, and in a draft they are reminders, not errors.
  const data: Record<string, unknown> = { draft: true };
  for (const [key, value] of Object.entries(filled)) {
    data[key] = value;
    if (key === 'name' && opts.logoSvg) data.logoSvg = opts.logoSvg;
  }
  const doc = new Document(data);
  comment(doc.contents, schema);
  if (isMap(doc.contents)) {
    const first = doc.contents.items[0]!.key as { commentBefore?: string };
    first.commentBefore = ` A draft: on no page of the built site; \`vpnsite dev\` shows it with a "Draft" ribbon.\n Replace every TODO, then remove this line to publish it.`;
  }
  const body = doc.toString({ lineWidth: 0 });
  return `# yaml-language-server: $schema=${opts.schemaPath}\n${body}`;
}
