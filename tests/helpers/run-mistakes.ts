/** Single mistakes in the test runs, each with its one error: the evidence every speed figure comes from. */
import { at, change, type Mistake } from './mistake-kit.ts';

export const RUN_MISTAKES: Mistake[] = [
  {
    name: "a test run measured on another line than the method's",
    make: change('tests/nordvpn/2025-01-15.yaml', '  mbps: 100\n', '  mbps: 1000\n'),
    error: at(
      'tests/nordvpn/2025-01-15.yaml',
      5,
      9,
      '/line/mbps',
      'line 1000 Mbps is not the test line: under method 1.0 every speed test runs on methodology.yaml testLine (100 Mbps); measure on it, or correct the figure',
    ),
  },
  {
    name: 'a published test run edited without a correction',
    make: change('tests/nordvpn/2025-01-15.yaml', '{ download: 94, upload: 89, ping: 8 }', '{ download: 96, upload: 89, ping: 8 }'),
    error: at(
      'tests/nordvpn/2025-01-15.yaml',
      22,
      11,
      '/checksum',
      'the results no longer match the checksum they were published with: a published run is evidence; put the results back, or add `correction: { date, reason }` saying what was wrong, which the review shows',
    ),
  },
];
