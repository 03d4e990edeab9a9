import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';
import { baseFiles, check, providerYaml, siteWith } from '../helpers/content-fixture.ts';

const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

describe('schema and syntax errors', () => {
  it('passes the valid fixture with no problems', () => {
    const r = check();
    expect(r.problems).toEqual([]);
    expect(r.content?.providers.map((p) => p.slug)).toEqual(['nordvpn', 'surfshark']);
  });

  it('reports a value out of range at the value, as file:line:col severity pointer message', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { rating: 'rating: 6' }) }]);
    expect(lines(r)).toEqual(['data/providers/nordvpn.yaml:5:9 error /rating must be <= 5']);
    expect(r.errorCount).toBe(1);
    expect(r.content).toBeUndefined();
  });

  it('reports every problem in one run, across files', () => {
    const r = check([
      { rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { rating: 'rating: 6', countries: 'countries: many' }) },
      { rel: 'providers/surfshark.yaml', text: providerYaml('surfshark', { name: '' }) },
    ]);
    expect(lines(r)).toEqual([
      'data/providers/nordvpn.yaml:5:9 error /rating must be <= 5',
      'data/providers/nordvpn.yaml:7:12 error /countries must be integer (found "many")',
      "data/providers/surfshark.yaml:1:1 error must have required property 'name'",
    ]);
  });

  it('names an unknown property at its key and suggests the closest one', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { featured: 'fallbak: "https://nordvpn.com"' }) }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:22:1 error /fallbak unknown property 'fallbak' (did you mean 'fallback'?)"]);
  });

  it('reports a misspelt required property once, at its key, not also as missing', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { rating: 'raiting: 4.5' }) }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:5:1 error /raiting unknown property 'raiting' (did you mean 'rating'?)"]);
  });

  it('takes the one unknown property of an object as the one required property it lacks, however far the names are', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { bestFor: 'idealUse: Security' }) }]);
    expect(lines(r)).toEqual(["data/providers/nordvpn.yaml:15:1 error /idealUse unknown property 'idealUse' (did you mean 'bestFor'?)"]);
  });

  it('reports a required property as missing when no unknown one can stand for it', () => {
    const r = check([
      { rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { bestFor: 'idealUse: Security', support: 'helpdesk: "24/7"' }) },
    ]);
    expect(lines(r)).toEqual([
      "data/providers/nordvpn.yaml:1:1 error must have required property 'support'",
      "data/providers/nordvpn.yaml:1:1 error must have required property 'bestFor'",
      "data/providers/nordvpn.yaml:13:1 error /helpdesk unknown property 'helpdesk'",
      "data/providers/nordvpn.yaml:15:1 error /idealUse unknown property 'idealUse'",
    ]);
  });

  it('lists the allowed values of an enum and what was found', () => {
    const r = check([siteWith('{ icon: lock,', '{ icon: lok,')]);
    expect(lines(r)).toHaveLength(1);
    expect(lines(r)[0]).toMatch(
      /^data\/site\.yaml:36:17 error \/home\/hero\/points\/0\/icon must be one of: shield, .* \(found "lok"\) \(did you mean 'lock'\?\)$/,
    );
  });

  it('reports a pattern mismatch with what was found', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { devices: 'devices: "six"' }) }]);
    expect(lines(r)).toEqual([
      'data/providers/nordvpn.yaml:8:10 error /devices does not match the expected format ^(\\d+|Unlimited)$ (found "six")',
    ]);
  });

  it('reports YAML syntax errors with their line and still checks the other files', () => {
    const r = check([
      { rel: 'providers/nordvpn.yaml', text: 'slug: nordvpn\nname: [unclosed\n' },
      { rel: 'providers/surfshark.yaml', text: providerYaml('surfshark', { rating: 'rating: 9' }) },
    ]);
    const out = lines(r);
    expect(out.some((l) => /^data\/providers\/nordvpn\.yaml:3:1 error YAML: /.test(l))).toBe(true);
    expect(out).toContain('data/providers/surfshark.yaml:5:9 error /rating must be <= 5');
  });

  it('reports a duplicate key as a YAML error at the second key', () => {
    const r = check([{ rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn', { bestFor: 'bestFor: Security\nrating: 4.1' }) }]);
    expect(lines(r)).toEqual(['data/providers/nordvpn.yaml:16:1 error YAML: Map keys must be unique']);
  });

  it('refuses a file at a path no content kind claims', () => {
    const r = check([{ rel: 'misc/notes.yaml', text: 'a: 1\n' }]);
    expect(lines(r)).toEqual(['data/misc/notes.yaml:1:1 error no content kind lives at this path (see data/README.md)']);
  });

  it('requires site.yaml', () => {
    const r = checkFiles(
      'data',
      baseFiles().filter((f) => f.rel !== 'site.yaml'),
      { today: '2026-11-21' },
    );
    expect(lines(r)).toEqual(['data/site.yaml:1:1 error site.yaml is missing']);
    expect(r.content).toBeUndefined();
  });

  it('reports an empty site.yaml as the mapping it must be', () => {
    const r = check([{ rel: 'site.yaml', text: '' }]);
    expect(lines(r)).toEqual(['data/site.yaml:1:1 error must be object (found null)']);
  });
});
