/** vpnsite new provider|article|guide SLUG: a new content file that validates, every field described, ready to fill in. */
import { relative } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { SCAFFOLD_KINDS, SLUG_PATTERN, type ScaffoldKind } from '../../../services/content/scaffold.ts';
import { writeNewFile } from '../new-file.ts';

const kindValue = (value: string): ScaffoldKind => {
  if (!Object.hasOwn(SCAFFOLD_KINDS, value)) throw new InvalidArgumentError(`Use one of ${Object.keys(SCAFFOLD_KINDS).join(', ')}.`);
  return value as ScaffoldKind;
};

const slugValue = (value: string): string => {
  if (!SLUG_PATTERN.test(value)) throw new InvalidArgumentError('Use lower-case letters, digits and single hyphens, e.g. example-vpn.');
  return value;
};

export function registerNew(program: Command): void {
  program
    .command('new')
    .description('write a new provider, article or guide that validates, each field with its description, ready to fill in')
    .argument('<kind>', 'provider, article or guide', kindValue)
    .argument('<slug>', 'its slug: the file name and the URL', slugValue)
    .option('--data <dir>', 'content directory', 'data')
    .action((kind: ScaffoldKind, slug: string, flags: { data: string }) => {
      const file = writeNewFile(flags.data, kind, slug);
      console.log(
        `wrote ${relative(process.cwd(), file)}, a draft: replace each TODO, remove draft: true to publish it, then run vpnsite validate`,
      );
    });
}
