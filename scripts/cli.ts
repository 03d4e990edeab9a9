/** vpnsite: validate and build the content, serve the site, and report clicks (CONTRACT "Commands"). */
import { Command, CommanderError } from 'commander';
import { registerBuild } from './commands/build.ts';
import { registerClicks } from './commands/clicks.ts';
import { registerDb } from './commands/db.ts';
import { registerDev } from './commands/dev.ts';
import { registerServe } from './commands/serve.ts';
import { registerValidate } from './commands/validate.ts';

/** Exit codes: 0 success, 1 failure, 2 usage (CONTRACT). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const program = new Command('vpnsite')
  .description('Content toolchain and service for the VPN comparison site')
  .showHelpAfterError()
  .exitOverride();

registerValidate(program);
registerBuild(program);
registerServe(program);
registerDev(program);
registerDb(program);
registerClicks(program);


try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; every other commander error is a usage error.
    process.exit(err.exitCode === 0 ? EXIT.ok : EXIT.usage);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(EXIT.failed);
}
