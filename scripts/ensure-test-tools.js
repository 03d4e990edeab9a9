#!/usr/bin/env node
// Installs what the tests run for real and npm cannot provide: Debian's Chromium headless shell (browser tests), redis-server
// (shared rate limits) and PostgreSQL's server (a throwaway database for the integration tests). Nothing else can be
// downloaded here, so all three come from apt.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
const missing = [];
if (!existsSync(chromium)) missing.push('chromium-headless-shell');
if (!['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p))) missing.push('redis-server');
// The tests start initdb and postgres from /usr/lib/postgresql/<version>/bin (scripts/lib/throwaway-postgres.ts).
const pgRoot = '/usr/lib/postgresql';
if (!(existsSync(pgRoot) && readdirSync(pgRoot).some((v) => existsSync(`${pgRoot}/${v}/bin/initdb`)))) missing.push('postgresql');

if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`The tests need ${missing.join(', ')}. Install with: sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian packages for the tests...`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
