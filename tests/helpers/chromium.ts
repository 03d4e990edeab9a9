/** Debian's Chromium, and the flags every test starts it with. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
