/**
 * data/tests/<provider>/<YYYY-MM-DD>.yaml: one test session of a provider, the evidence every measured figure on the
 * site comes from. Written by `vpnsite tests import` from the raw results; a published run is never retyped.
 */
import { Type } from '@sinclair/typebox';
import { DateField, List, Obj, Str } from './common.ts';

const Mbps = (what: string) => Type.Number({ minimum: 0, description: `${what} in Mbps, as measured.` });

const Run = Obj(
  {
    download: Mbps('Download speed'),
    upload: Mbps('Upload speed'),
    ping: Type.Number({ minimum: 0, description: 'Latency (ping) in milliseconds, as measured.' }),
    id: Type.Optional(
      Str(
        "The speed test's own result id (Ookla's `result.id`): its result page, https://www.speedtest.net/result/c/<id>, shows the same figures.",
      ),
    ),
  },
  'One speed test against one server.',
);

const Location = Obj(
  {
    location: Str('The server location, shown in the speed table, e.g. "New York, US".'),
    country: Type.Optional(Str('The server\'s country, as the speed test names it, e.g. "United States".')),
    runs: List(Run, "This location's individual tests; the speed table shows their median download, upload and ping."),
  },
  'One server location and every test run against it in this session.',
);

export const TestRunSchema = Obj(
  {
    date: DateField('The day of the session: the same as the file name.'),
    methodology: Str(
      'The version of data/methodology.yaml this session followed, e.g. "1.0". A review whose latest run followed an older one says so.',
      { pattern: '^\\d+(\\.\\d+)*$' },
    ),
    line: Obj(
      {
        mbps: Type.Number({
          exclusiveMinimum: 0,
          description: "The test line's speed without the VPN, in Mbps: speed loss is worked out against it.",
        }),
        city: Type.Optional(Str('Where the line is, e.g. "London".')),
      },
      'The unprotected line the tests ran on.',
    ),
    protocol: Type.Optional(Str('The VPN protocol used, e.g. "WireGuard".')),
    app: Type.Optional(Str('The VPN app and its version, where known, e.g. "NordVPN 7.20 for Windows".')),
    note: Type.Optional(Str('What a reader should know about this session, shown with its results.')),
    locations: List(Location, 'The server locations tested, in the order the speed table shows them.'),
    streaming: Type.Optional(
      List(
        Obj(
          {
            service: Str('The streaming service, e.g. "Netflix US".'),
            hd: Type.Boolean({ description: 'true: it played in HD on repeated attempts; false: it did not play, or not in HD.' }),
          },
          'One streaming check.',
        ),
        "The session's streaming checks.",
      ),
    ),
    leaks: Type.Optional(
      Obj(
        {
          dns: Type.Optional(Type.Boolean({ description: 'true: a DNS leak was found.' })),
          ipv6: Type.Optional(Type.Boolean({ description: 'true: an IPv6 leak was found.' })),
          webrtc: Type.Optional(Type.Boolean({ description: 'true: a WebRTC leak was found.' })),
        },
        'The leak checks and what they found.',
      ),
    ),
    killSwitch: Type.Optional(Type.Boolean({ description: 'true: the kill switch held when the connection was cut.' })),
    checksum: Str(
      'Written by `vpnsite tests import`: a checksum of the results as published. Results that no longer match it are an error unless `correction:` says why.',
      { pattern: '^sha256:[0-9a-f]{64}$' },
    ),
    correction: Type.Optional(
      Obj(
        {
          date: DateField("The day the results were corrected; the review's change log lists the correction on it."),
          reason: Str('What was wrong with the published results and what was changed, shown on the review.'),
        },
        'Published results that were changed later, and why: without it a change to them is an error.',
      ),
    ),
  },
  "One test session of a provider: the raw results its review's speed table, figures and change log come from.",
);
