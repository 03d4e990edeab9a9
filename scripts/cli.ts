/** vpnsite: validate and build the content, serve the site, and report clicks (docs/cli.md). */
import { Command, CommanderError } from 'commander';
import { loadDotEnv } from './lib/dotenv.ts';

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
  conversions: async () => (await import('./commands/conversions.ts')).registerConversions,
  stats: async () => (await import('./commands/stats.ts')).registerStats,
};

/** Exit codes: 0 success, 1 failure, 2 usage (docs/cli.md; scripts rely on them). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

// Settings from .env in the working directory, under whatever the environment already sets (.env.example lists them).
loadDotEnv();

const program = new Command('vpnsite')
  .description('Content toolchain and service for the VPN comparison site')
  .exitOverride();

// No command, --help or an unknown name: register them all, so help lists every command and usage errors name them.
const named = process.argv[2];
for (const name of named && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS)) (await COMMANDS[name]!())(program);
hintOnUsageErrors(program);

/**
 * A usage error prints the one line that is wrong and where to read more, as git and npm do: the whole help text
 * after it buried that line. Commands copy their parent's setting when they are made, so each gets its own here.
 */
function hintOnUsageErrors(cmd: Command, path = cmd.name()): void {
  cmd.showHelpAfterError(`see '${path} --help'`);
  for (const sub of cmd.commands) hintOnUsageErrors(sub, `${path} ${sub.name()}`);
}

try {
  // `vpnsite help <name>` for a name that is no command is an unknown command, not a request for every command's help.
  const asked = process.argv[3];
  if (named === 'help' && asked !== undefined && !Object.hasOwn(COMMANDS, asked)) program.error(`error: unknown command '${asked}'`, { exitCode: EXIT.usage });
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; every other commander error is a usage error.
    process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(EXIT.failed);
}
