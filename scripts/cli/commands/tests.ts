/**
 * vpnsite tests import PROVIDER FILE: Ookla Speedtest CLI results (`speedtest --format=json`, one per line or an
 * array) in, the day's run file data/tests/<provider>/<YYYY-MM-DD>.yaml out, written or extended (data/README.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import writeFileAtomic from 'write-file-atomic';
import { parse } from 'yaml';
import { today, type Methodology, type TestRun } from '../../../services/content/index.ts';
import { readOokla } from '../../../services/content/ookla.ts';
import { resultsChecksum } from '../../../services/content/run-checksum.ts';
import { runFileText, sealed } from '../../../services/content/run-file.ts';
import { mergeResults } from '../../../services/content/run-import.ts';

/** Exit codes: written, refused (nothing written); a usage error (2) is commander's. */
const EXIT = { ok: 0, failed: 1 } as const;

interface ImportFlags {
  date?: string;
  protocol?: string;
  data: string;
}

const dateValue = (value: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) || new Date(value).toISOString().slice(0, 10) !== value)
    throw new InvalidArgumentError('Use a calendar date, YYYY-MM-DD.');
  return value;
};

const read = (path: string) => parse(readFileSync(path, 'utf8')) as unknown;

/** The location names of the provider's earlier runs, newest first. */
function knownLocations(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .reverse();
  return files.flatMap((f) => {
    try {
      return ((read(join(dir, f)) as TestRun).locations ?? []).map((l) => l.location);
    } catch {
      return [];
    }
  });
}

/** Imports the results; the exit code: written, refused (nothing written), or a usage error. */
export function importRun(provider: string, file: string, flags: ImportFlags, say = console.log, warn = console.error): number {
  const data = resolve(flags.data);
  if (!existsSync(join(data, 'providers', `${provider}.yaml`))) {
    warn(`unknown provider '${provider}': there is no ${relative(process.cwd(), join(data, 'providers', `${provider}.yaml`))}`);
    return EXIT.failed;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    warn(`${file}: cannot be read: ${(err as Error).message}`);
    return EXIT.failed;
  }
  const { results, problems, skipped } = readOokla(text);
  if (problems.length) {
    for (const p of problems) warn(`${file}:${p.where === 'line' ? p.at : `item ${p.at}`}: ${p.message}`);
    warn(`nothing written: ${problems.length} ${problems.length === 1 ? 'entry' : 'entries'} could not be read`);
    return EXIT.failed;
  }
  if (!results.length) {
    warn(`${file}: no results (lines with "type": "result"); nothing written`);
    return EXIT.failed;
  }
  let method: Partial<Methodology>;
  try {
    method = read(join(data, 'methodology.yaml')) as Partial<Methodology>;
  } catch {
    method = {};
  }
  if (!method.version || !method.testLine) {
    warn('data/methodology.yaml needs a version and a testLine: every run names the method and the line it was measured under');
    return EXIT.failed;
  }
  const date = flags.date ?? results[0]!.day ?? today();
  const dir = join(data, 'tests', provider);
  const path = join(dir, `${date}.yaml`);
  let existing: TestRun | undefined;
  if (existsSync(path)) {
    existing = read(path) as TestRun;
    // New results are added to the evidence; a day's run whose published results were edited is not built on.
    if (!existing.correction && existing.checksum !== resultsChecksum(existing)) {
      warn(`${relative(process.cwd(), path)}: its results no longer match their checksum; run \`vpnsite validate\`, then import again`);
      return EXIT.failed;
    }
  }
  const { run, added } = mergeResults(
    existing,
    results,
    {
      date,
      methodology: method.version,
      line: { mbps: method.testLine.mbps, city: method.testLine.city },
      ...(flags.protocol ? { protocol: flags.protocol } : {}),
    },
    knownLocations(dir),
  );
  mkdirSync(dir, { recursive: true });
  writeFileAtomic.sync(path, runFileText(sealed(run)));
  const where = new Set(results.map((r) => `${r.location}|${r.country}`)).size;
  say(
    `${existing ? 'extended' : 'wrote'} ${relative(process.cwd(), path)}: ${added} ${added === 1 ? 'result' : 'results'} from ${where} ${where === 1 ? 'location' : 'locations'}${added < results.length ? ` (${results.length - added} already there)` : ''}${skipped ? `; ${skipped} ${skipped === 1 ? 'line that is not a result' : 'lines that are not results'} skipped` : ''}`,
  );
  return EXIT.ok;
}

export function registerTests(program: Command): void {
  const tests = program.command('tests').description('test runs: the evidence every speed figure comes from');
  tests
    .command('import')
    .description("add Ookla Speedtest CLI results (speedtest --format=json) to the provider's run file for the day")
    .argument('<provider>', "the provider's slug, e.g. nordvpn")
    .argument('<file>', 'the JSON the speed test printed: one result per line, or an array')
    .option('--date <YYYY-MM-DD>', "the day of the session (default: the first result's day)", dateValue)
    .option('--protocol <name>', 'the VPN protocol used, e.g. WireGuard')
    .option('--data <dir>', 'content directory', 'data')
    .action((provider: string, file: string, flags: ImportFlags) => {
      const code = importRun(provider, file, flags);
      if (code !== EXIT.ok) process.exitCode = code;
    });
}
