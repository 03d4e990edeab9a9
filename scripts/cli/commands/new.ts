/** vpnsite new provider|article|guide SLUG: a new content file that validates, every field described, ready to fill in. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { parse } from 'yaml';
import { today } from '../../../services/content/index.ts';
import { scaffold, SCAFFOLD_KINDS, SLUG_PATTERN, type ScaffoldKind } from '../../../services/content/scaffold.ts';
import { PROJECT_ROOT } from '../../build/paths.ts';

const kindValue = (value: string): ScaffoldKind => {
  if (!Object.hasOwn(SCAFFOLD_KINDS, value)) throw new InvalidArgumentError(`Use one of ${Object.keys(SCAFFOLD_KINDS).join(', ')}.`);
  return value as ScaffoldKind;
};

const slugValue = (value: string): string => {
  if (!SLUG_PATTERN.test(value)) throw new InvalidArgumentError('Use lower-case letters, digits and single hyphens, e.g. example-vpn.');
  return value;
};

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

export function registerNew(program: Command): void {
  program
    .command('new')
    .description('write a new provider, article or guide that validates, each field with its description, ready to fill in')
    .argument('<kind>', 'provider, article or guide', kindValue)
    .argument('<slug>', 'its slug: the file name and the URL', slugValue)
    .option('--data <dir>', 'content directory', 'data')
    .action((kind: ScaffoldKind, slug: string, flags: { data: string }) => {
      const dir = resolve(flags.data, SCAFFOLD_KINDS[kind]);
      const file = join(dir, `${slug}.yaml`);
      if (existsSync(file)) throw new Error(`${relative(process.cwd(), file)} already exists: choose another slug, or edit that file`);
      const schema = join(PROJECT_ROOT, 'services/content/schemas/json', `${kind}.schema.json`);
      const text = scaffold(kind, slug, {
        schemaPath: relative(dirname(file), schema),
        today: today(),
        order: nextOrder(dir),
        author: firstAuthor(resolve(flags.data)),
        criteria: kind === 'provider' ? criteriaOf(resolve(flags.data)) : undefined,
        baseline: kind === 'provider' ? testLineOf(resolve(flags.data)) : undefined,
      });
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, text, { flag: 'wx' });
      console.log(
        `wrote ${relative(process.cwd(), file)}, a draft: replace each TODO, remove draft: true to publish it, then run vpnsite validate`,
      );
    });
}
