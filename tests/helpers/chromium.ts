/**
 * Debian's Chromium as the tests run it, and the flags every test starts it with. The tests drive its headless
 * shell (Debian's `chromium-headless-shell` package, the same Chromium without the desktop browser around it): opening
 * a page in a fresh context and waiting for React's first commit took 1.25-1.45 CPU-seconds of the browser against
 * 3.56 with `/usr/bin/chromium`, and the browser was half of the suite's CPU. CHROME_PATH names another binary.
 */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
