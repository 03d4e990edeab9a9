/**
 * A new content file from its kind's scaffold, written where the kind lives: what `vpnsite new` and the browser
 * editor's "New" both make, so the two never differ.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { today } from '../../services/content/index.ts';
import { LOGO_DIR, monogramSvg } from '../../services/content/logos.ts';
import { nameOf, scaffold, SCAFFOLD_KINDS, type ScaffoldKind } from '../../services/content/scaffold.ts';
import { PROJECT_ROOT } from '../build/paths.ts';

/** One more than the highest `order` among the kind's files: the new one goes last. */
function nextOrder(dir: string): number {
  if (!existsSync(dir)) return 1;
  let max = 0;
  for (const f of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) {
    try {
      const order = (parse(readFileSync(join(dir, f), 'utf8')) as { order?: unknown } | null)?.order;
      if (typeof order === 'number') max = Math.max(max, order);
    } catch {
      // A file that does not parse says nothing of its order; validate reports it.
    }
  }
  return max + 1;
}

/** The criteria ids of methodology.yaml, which a provider's scores are given for. */
function criteriaOf(dataDir: string): string[] {
  try {
    return ((parse(readFileSync(join(dataDir, 'methodology.yaml'), 'utf8')) as { criteria?: { id?: unknown }[] }).criteria ?? []).flatMap(
      (c) => (typeof c.id === 'string' ? [c.id] : []),
    );
  } catch {
    return [];
  }
}

/** methodology.yaml's test line in Mbps, which a new review's speed table is measured on, if it names one. */
function testLineOf(dataDir: string): number | undefined {
  try {
    const mbps = (parse(readFileSync(join(dataDir, 'methodology.yaml'), 'utf8')) as { testLine?: { mbps?: unknown } }).testLine?.mbps;
    return typeof mbps === 'number' ? mbps : undefined;
  } catch {
    return undefined;
  }
}

/** The first author in authors.yaml, if there is one: an article or review names its author when the site has authors. */
function firstAuthor(dataDir: string): string | undefined {
  try {
    return (parse(readFileSync(join(dataDir, 'authors.yaml'), 'utf8')) as { authors?: { id?: string }[] }).authors?.[0]?.id;
  } catch {
    return undefined;
  }
}

/** Thrown when the file to make is there already. */
export class FileExists extends Error {}

/** Writes a new file of the kind (never over one that exists) and returns its path. */
export function writeNewFile(dataDir: string, kind: ScaffoldKind, slug: string): string {
  const data = resolve(dataDir);
  const dir = join(data, SCAFFOLD_KINDS[kind]);
  const file = join(dir, `${slug}.yaml`);
  if (existsSync(file)) throw new FileExists(`${relative(process.cwd(), file)} already exists: choose another slug, or edit that file`);
  const schema = join(PROJECT_ROOT, 'services/content/schemas/json', `${kind}.schema.json`);
  // A provider shows a monogram tile until its own logo replaces the file (an existing one of that name is kept).
  const logoSvg = kind === 'provider' ? `${slug}.svg` : undefined;
  if (logoSvg && !existsSync(join(data, LOGO_DIR, logoSvg))) {
    mkdirSync(join(data, LOGO_DIR), { recursive: true });
    writeFileSync(join(data, LOGO_DIR, logoSvg), monogramSvg(nameOf(slug)));
  }
  const text = scaffold(kind, slug, {
    schemaPath: relative(dirname(file), schema),
    today: today(),
    order: nextOrder(dir),
    author: firstAuthor(data),
    criteria: kind === 'provider' ? criteriaOf(data) : undefined,
    baseline: kind === 'provider' ? testLineOf(data) : undefined,
    logoSvg,
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text, { flag: 'wx' });
  return file;
}
