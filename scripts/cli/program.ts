/** vpnsite: validate and build the content, serve the site, and report clicks (docs/cli.md). */
import { Command, CommanderError } from 'commander';
import { loadDotEnv } from './dotenv.ts';

type Register = (program: Command) => void;

/**
 * Each command's module, imported only when that command runs: `validate` then loads the content library alone,
 * not Fastify, the database drivers or the build pipeline (start-up was most of a small validate run).
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  validate: async () => (await import('./commands/validate.ts')).registerValidate,
  build: async () => (await import('./commands/build.ts')).registerBuild,
  serve: async () => (await import('./commands/serve.ts')).registerServe,
  dev: async () => (await import('./commands/dev.ts')).registerDev,
  db: async () => (await import('./commands/db.ts')).registerDb,
  clicks: async () => (await import('./commands/clicks.ts')).registerClicks,
  messages: async () => (await import('./commands/messages.ts')).registerMessages,
  subscribers: async () => (await import('./commands/messages.ts')).registerSubscribers,
  links: async () => (await import('./commands/links.ts')).registerLinks,
  prices: async () => (await import('./commands/prices.ts')).registerPrices,
  conversions: async () => (await import('./commands/conversions.ts')).registerConversions,
  stats: async () => (await import('./commands/stats.ts')).registerStats,
  schedule: async () => (await import('./commands/schedule.ts')).registerSchedule,
  new: async () => (await import('./commands/new.ts')).registerNew,
  tests: async () => (await import('./commands/tests.ts')).registerTests,
};

/** Exit codes: 0 success, 1 failure, 2 usage (docs/cli.md; scripts rely on them). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * Runs the command `argv` names (`['node', 'vpnsite', …args]`) in this process: undefined once it has run (its exit
 * code, if not 0, in process.exitCode), or the code to exit with at once after a usage error or a failure. The tests
 * run most commands through it, without starting a process each time.
 */
export async function run(argv: readonly string[]): Promise<number | undefined> {
  const program = new Command('vpnsite').description('Content toolchain and service for the VPN comparison site').exitOverride();

  // No command, --help or an unknown name: register them all, so help lists every command and usage errors name them.
  const named = argv[2];
  for (const name of named && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS)) (await COMMANDS[name]!())(program);
  hintOnUsageErrors(program);

  try {
    // `vpnsite help <name>` for a name that is no command is an unknown command, not a request for every command's help.
    const asked = argv[3];
    if (named === 'help' && asked !== undefined && !Object.hasOwn(COMMANDS, asked))
      program.error(`error: unknown command '${asked}'`, { exitCode: EXIT.usage });
    await program.parseAsync(argv);
    return undefined;
  } catch (err) {
    // --help and --version exit 0; every other commander error is a usage error.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    console.error(err instanceof Error ? err.message : err);
    return EXIT.failed;
  }
}

/**
 * A usage error prints the one line that is wrong and where to read more, as git and npm do: the whole help text
 * after it buried that line. Commands copy their parent's setting when they are made, so each gets its own here.
 */
function hintOnUsageErrors(cmd: Command, path = cmd.name()): void {
  cmd.showHelpAfterError(`see '${path} --help'`);
  for (const sub of cmd.commands) hintOnUsageErrors(sub, `${path} ${sub.name()}`);
}

/** `vpnsite …` as a process (scripts/vpnsite.js): settings from .env in the working directory, then the command. */
export async function main(): Promise<void> {
  // Under whatever the environment already sets (.env.example lists them).
  loadDotEnv();
  const code = await run(process.argv);
  if (code !== undefined) process.exit(code);
}
