/**
 * `vpnsite tests import` as an editor runs it on a copy of data/: Ookla results in, the day's run file out, each
 * result's id kept; the run validates and feeds the review; a malformed line writes nothing; usage errors exit 2.
 */
import '../helpers/compiled-schemas.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent, type TestRun } from '../../services/content/index.ts';
import { copyOfData, vpnsite, vpnsiteInProcess as inProcess } from '../helpers/cli.ts';

const FIXTURES = 'tests/fixtures/ookla';

describe('vpnsite tests import', () => {
  it('writes the day’s run from the results, extends it, and refuses a malformed file whole', async () => {
    const data = copyOfData();
    const run = join(data, 'tests/nordvpn/2026-11-20.yaml');
    // As a process first: the exit code and the message a script sees.
    const wrote = vpnsite(['tests', 'import', 'nordvpn', `${FIXTURES}/session.jsonl`, '--protocol', 'NordLynx', '--data', data]);
    expect(wrote.status, wrote.stderr).toBe(0);
    expect(wrote.stdout).toMatch(
      /^wrote .*tests\/nordvpn\/2026-11-20\.yaml: 3 results from 2 locations; 4 lines that are not results skipped\n$/,
    );
    const written = parse(readFileSync(run, 'utf8')) as TestRun;
    expect(written).toMatchObject({ date: '2026-11-20', methodology: '1.0', line: { mbps: 100, city: 'London' }, protocol: 'NordLynx' });
    // The earlier run's name for London is kept, so the change log compares the same place.
    expect(written.locations.map((l) => l.location)).toEqual(['London, UK', 'New York, US']);
    expect(written.locations[0]!.runs).toEqual([
      { download: 94.5, upload: 89, ping: 8.21, id: '0f1e2d3c-0001-4a5b-8c9d-000000000001' },
      { download: 92, upload: 88, ping: 9.02, id: '0f1e2d3c-0002-4a5b-8c9d-000000000002' },
    ]);
    expect(written.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);

    // The array form, on the same day, extends the run; importing it again adds nothing.
    const more = await inProcess(['tests', 'import', 'nordvpn', `${FIXTURES}/array.json`, '--date', '2026-11-20', '--data', data]);
    expect(more.status, more.stderr).toBe(0);
    expect(more.stdout).toMatch(/^extended .*: 2 results from 1 location\n$/);
    const again = await inProcess(['tests', 'import', 'nordvpn', `${FIXTURES}/array.json`, '--date', '2026-11-20', '--data', data]);
    expect(again.stdout).toMatch(/: 0 results from 1 location \(2 already there\)\n$/);
    const extended = parse(readFileSync(run, 'utf8')) as TestRun;
    expect(extended.locations.map((l) => [l.location, l.runs.length])).toEqual([
      ['London, UK', 2],
      ['New York, US', 1],
      ['Frankfurt, Germany', 2],
    ]);

    // The run is valid content, and the review now reads it.
    const checked = await inProcess(['validate', '--data', data]);
    expect(checked.status, checked.stdout).toBe(0);
    const nordvpn = loadContent(data, { today: '2026-11-21' }).content!.providers.find((p) => p.slug === 'nordvpn')!;
    expect(nordvpn.review!.updated).toBe('2026-11-20');
    expect(nordvpn.review!.speed.tests.map((t) => [t.location, t.download])).toEqual([
      ['London, UK', 93.3],
      ['New York, US', 88.5],
      ['Frankfurt, Germany', 91.3],
    ]);

    // A malformed line: each bad line by its number, exit 1, and not a byte written.
    const bad = await inProcess(['tests', 'import', 'surfshark', `${FIXTURES}/malformed.jsonl`, '--data', data]);
    expect(bad.status).toBe(1);
    const said = bad.stderr.split('\n');
    // The parser's own words for the broken JSON differ between Node versions; the line number is ours.
    expect(said[0]).toMatch(new RegExp(`^${FIXTURES}/malformed\\.jsonl:3: not valid JSON: `));
    expect(said.slice(1)).toEqual([
      `${FIXTURES}/malformed.jsonl:4: a result without download.bandwidth`,
      'nothing written: 2 entries could not be read',
      '',
    ]);
    expect(existsSync(join(data, 'tests/surfshark/2026-11-20.yaml'))).toBe(false);

    // A provider that does not exist is refused; a missing argument or a date that is no date is a usage error.
    expect((await inProcess(['tests', 'import', 'nordvnp', `${FIXTURES}/session.jsonl`, '--data', data])).status).toBe(1);
    expect((await inProcess(['tests', 'import', 'nordvpn'])).status).toBe(2);
    expect((await inProcess(['tests', 'import', 'nordvpn', `${FIXTURES}/array.json`, '--date', '2026-02-30'])).status).toBe(2);
  }, 120_000);
});
