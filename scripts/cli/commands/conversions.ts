/**
 * vpnsite conversions import FILE.csv --network NAME [--map column=field …]: loads an affiliate network's CSV report
 * with the postback's rules (idempotent on network and txid, a later status replaces an earlier one, unknown click
 * ids kept as unmatched), and prints what it added, updated and could not match.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Command } from 'commander';
import { FIELD_NAMES, parseConversion, recordConversion, type Fields } from '../../../services/conversions/record.ts';
import { dbConfigFromEnv, openDbForCommand } from '../../../services/db/index.ts';

const FIELDS = FIELD_NAMES;
/** Columns a report may leave out: the click id (kept as unmatched), and the network's own time and sequence. */
const OPTIONAL: readonly string[] = ['click_id', 'ts', 'seq'];
const usageError = (cmd: Command, message: string): never => cmd.error(`error: ${message}`, { exitCode: 2, code: 'vpnsite.usage' });

export function registerConversions(program: Command): void {
  const conversions = program
    .command('conversions')
    .description('conversions reported by affiliate networks, joined to clicks by click id');
  conversions
    .command('import')
    .description("load a network's CSV report of conversions")
    .argument('<file>', 'the CSV file, with a header row')
    .requiredOption('--network <name>', 'the network the report is from, e.g. impact')
    .option(
      '--map <column=field>',
      `which column holds a field (${FIELDS.join(', ')}) when its header is not the field's name; repeat for several`,
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .action(async (file: string, flags: { network: string; map: string[] }, cmd: Command) => {
      if (!/^[A-Za-z0-9_.-]{1,40}$/.test(flags.network))
        usageError(cmd, `--network must be a name such as impact (found "${flags.network}")`);
      const columnOf = new Map<string, string>();
      for (const m of flags.map) {
        const at = m.lastIndexOf('=');
        const field = m.slice(at + 1).trim();
        if (at < 1 || !(FIELDS as readonly string[]).includes(field))
          usageError(cmd, `--map takes column=field, the field one of ${FIELDS.join(', ')} (found "${m}")`);
        columnOf.set(field, m.slice(0, at).trim());
      }
      let rows: Record<string, string>[];
      try {
        rows = parse(readFileSync(file, 'utf8'), {
          columns: true,
          skip_empty_lines: true,
          bom: true,
          trim: true,
          relax_column_count: true,
        });
      } catch (err) {
        console.error(`error: ${file}: ${(err as Error).message}`);
        process.exitCode = 1;
        return;
      }
      const header = rows.length ? Object.keys(rows[0]!) : [];
      const lower = new Map(header.map((h) => [h.toLowerCase(), h]));
      const column = (field: string) => columnOf.get(field) ?? lower.get(field) ?? field;
      const missing = FIELDS.filter((f) => !OPTIONAL.includes(f) && rows.length && !header.includes(column(f)));
      if (missing.length) {
        console.error(
          `error: ${file} has no column for ${missing.join(', ')} (its columns: ${header.join(', ')}); name them with --map column=field`,
        );
        process.exitCode = 1;
        return;
      }
      const counts = { added: 0, updated: 0, unchanged: 0 };
      const unmatched: string[] = [];
      const refused: string[] = [];
      const db = await openDbForCommand(dbConfigFromEnv(), 'conversions import');
      try {
        for (const [i, row] of rows.entries()) {
          const fields = Object.fromEntries(FIELDS.map((f) => [f, row[column(f)]])) as Fields;
          const c = parseConversion(flags.network, fields, { grouped: true });
          // Line numbers as a spreadsheet shows them: the header is line 1.
          if (typeof c === 'string') {
            refused.push(`line ${i + 2}: ${c}`);
            continue;
          }
          const { outcome, matched } = await recordConversion(db, c, 'import');
          counts[outcome]++;
          if (!matched) unmatched.push(`${c.txid} (click id ${c.clickRef ?? 'none'})`);
        }
      } finally {
        await db.close();
      }
      console.log(
        `${rows.length} rows from ${flags.network}: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged, ${refused.length} refused`,
      );
      if (unmatched.length)
        console.log(
          `${unmatched.length} not matched to a click (stored, reported as unmatched): ${unmatched.slice(0, 20).join(', ')}${unmatched.length > 20 ? ', …' : ''}`,
        );
      for (const r of refused) console.error(`refused ${r}`);
      if (refused.length) process.exitCode = 1;
    });
}
