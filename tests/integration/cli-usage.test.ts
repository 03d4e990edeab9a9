/**
 * Usage errors, command by command: each prints the one line that is wrong and where to read more, as git and npm
 * do, never the whole help text; nothing goes to stdout, and the exit code is 2. None of them reaches a database
 * (DATABASE_URL names a server that does not exist), a build or a server: the flags are checked first.
 */
import { describe, expect, it } from 'vitest';
import { vpnsite, vpnsiteInProcess } from '../helpers/cli.ts';

const NO_DB = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };

/** For each command: its arguments, and the lines it must print before its hint. */
const CASES: Record<string, [args: string[], lines: string[]][]> = {
  vpnsite: [
    [['frobnicate'], ["error: unknown command 'frobnicate'"]],
    [['validat'], ["error: unknown command 'validat'", '(Did you mean validate?)']],
    [['help', 'frobnicate'], ["error: unknown command 'frobnicate'"]],
  ],
  'vpnsite validate': [
    [['validate', '--format', 'xml'], ["error: option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json."]],
    [['validate', '--no-such-flag'], ["error: unknown option '--no-such-flag'"]],
    [['validate', 'data'], ["error: too many arguments for 'validate'. Expected 0 arguments but got 1."]],
    [['validate', '--data'], ["error: option '--data <dir>' argument missing"]],
  ],
  'vpnsite build': [
    [
      ['build', '--site-url', 'www.example.com'],
      ["error: option '--site-url <url>' argument 'www.example.com' is invalid. Use an origin such as https://www.example.com."],
    ],
    [
      ['build', '--site-url', 'https://www.example.com/blog'],
      [
        "error: option '--site-url <url>' argument 'https://www.example.com/blog' is invalid. Use an origin such as https://www.example.com.",
      ],
    ],
    [
      ['build', '--outdir', 'x'],
      ["error: unknown option '--outdir'", '(Did you mean --out?)'],
    ],
  ],
  'vpnsite serve': [
    [['serve', '--port', 'eighty'], ["error: option '--port <n>' argument 'eighty' is invalid. Use a whole number from 0 to 65535."]],
    [['serve', '--port'], ["error: option '--port <n>' argument missing"]],
  ],
  'vpnsite dev': [
    [['dev', '--port', '65536'], ["error: option '--port <n>' argument '65536' is invalid. Use a whole number from 0 to 65535."]],
    [['dev', '--watch'], ["error: unknown option '--watch'"]],
  ],
  'vpnsite clicks': [
    [
      ['clicks', '--by', 'continent'],
      ['error: unknown --by value "continent": use provider, day, page, placement, destination, variant, country, device'],
    ],
    [['clicks', '--since', '2026-11-21', '--until', '2026-11-20'], ['error: --since (2026-11-21) is after --until (2026-11-20)']],
    [['clicks', '--chart', 'out.png'], ['error: --chart must name a .html or .svg file (found "out.png")']],
  ],
  'vpnsite db': [
    [
      ['db', 'migrat'],
      ["error: unknown command 'migrat'", '(Did you mean migrate?)'],
    ],
  ],
  'vpnsite db migrate': [[['db', 'migrate', '--dry-run'], ["error: unknown option '--dry-run'"]]],
  'vpnsite db refresh-rollup': [
    [['db', 'refresh-rollup', 'today'], ["error: too many arguments for 'refresh-rollup'. Expected 0 arguments but got 1."]],
  ],
};

// The parsing is the command's logic, checked in this process; a real process shows the same, exit code included.
describe.each(Object.entries(CASES))('%s', (command, cases) => {
  it.each(cases)('%j: the wrong line and a hint, exit 2', async (args, lines) => {
    const r = await vpnsiteInProcess(args, NO_DB);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${[...lines, `see '${command} --help'`].join('\n')}\n`);
  });
});

describe('as a real process', () => {
  it.each([
    ['vpnsite', CASES.vpnsite![1]!],
    ['vpnsite clicks', CASES['vpnsite clicks']![0]!],
  ] as const)('%s %j exits 2 with the same lines', (command, [args, lines]) => {
    const real = vpnsite(args, NO_DB);
    expect(real.status).toBe(2);
    expect(real.stdout).toBe('');
    expect(real.stderr).toBe(`${[...lines, `see '${command} --help'`].join('\n')}\n`);
  });
});

describe('help', () => {
  it('is still there when asked for, and exits 0', () => {
    const r = vpnsite(['clicks', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: vpnsite clicks \[options\]/);
    expect(r.stdout).toContain('--include-bots');
  });
});
