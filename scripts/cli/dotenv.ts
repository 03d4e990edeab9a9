/** Reads `.env` from the working directory into process.env; a variable already set in the environment wins. */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** Loads `file` (default `.env`) when it exists; returns the names it set. */
export function loadDotEnv(file = '.env', env: NodeJS.ProcessEnv = process.env): string[] {
  if (!existsSync(file)) return [];
  // Node's own parser (the one behind `node --env-file`): quotes, comments and `export` prefixes as dotenv reads them.
  const values = parseEnv(readFileSync(file, 'utf8'));
  const set: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
