#!/usr/bin/env node
// Installs what the tests run for real and npm cannot provide: Debian's Chromium (browser tests) and
// redis-server (shared rate limits). Nothing else can be downloaded here, so both come from apt.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p))) missing.push('redis-server');

if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`The tests need ${missing.join(' and ')}. Install with: sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} from Debian packages for the tests...`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
