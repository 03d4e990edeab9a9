import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { formatProblem } from '../../services/content/index.ts';
import { check, providerYaml } from '../helpers/content-fixture.ts';

const meta = { title: 'T', description: 'D', keywords: ['k'] };
const METHOD = {
  meta,
  updated: '2025-01-15',
  updatedLabel: 'Updated',
  title: 'How we test',
  intro: ['I.'],
  criteria: [
    { id: 'security', name: 'Security', weight: 50, description: 'S.' },
    { id: 'speed', name: 'Speed', weight: 30, description: 'S.' },
    { id: 'support', name: 'Support', weight: 20, description: 'S.' },
  ],
  scoring: { title: 'T', text: ['T.'] },
  conditions: { title: 'T', items: [{ value: 'Fibre', label: 'Base' }], note: ['N.'] },
  commissions: { title: 'T', text: ['T.'] },
  providers: { title: 'T', name: 'P', owner: 'O', rating: 'R', commission: 'C', yes: 'Yes', no: 'No' },
  labels: { criteria: 'C', criterion: 'C', weight: 'W', tested: 'T', scorecard: 'S', untested: 'U', overall: '{rating}', method: 'M' },
};
const method = (over: Partial<typeof METHOD> = {}) => ({ rel: 'methodology.yaml', text: stringify({ ...METHOD, ...over }) });
const AUTHORS = {
  rel: 'authors.yaml',
  text: stringify({ byline: 'By', about: 'About {name}', authors: [{ id: 'ann', name: 'Ann', role: 'Editor', bio: 'Bio.' }] }),
};

/** A provider with scores (rating 4.5 in the fixture) and a review by `author`. */
function scored(slug: string, scores: string, author: string | null = 'ann') {
  const text = providerYaml(slug, { scores });
  return { rel: `providers/${slug}.yaml`, text: author ? text.replace('\n  title:', `\n  author: ${author}\n  title:`) : text };
}
const GOOD = 'scores: { security: 9, speed: 9, support: 9 }';
const lines = (changes: Parameters<typeof check>[0]) =>
  check(changes)
    .problems.filter((p) => p.severity === 'error')
    .map(formatProblem);

/** The problems when NordVPN carries these scores beside a Surfshark that is scored right, under the default method. */
const nordvpnScoring = (scores: string) => lines([method(), AUTHORS, scored('nordvpn', scores), scored('surfshark', GOOD)]);

describe('scores, ratings and authors', () => {
  it('accepts ratings that are what their scores make, with an untested criterion left out', () => {
    expect(lines([method(), AUTHORS, scored('nordvpn', GOOD), scored('surfshark', 'scores: { security: 9.4, speed: 8.5 }')])).toEqual([]);
  });

  it('reports a rating its scores disagree with, at the rating, naming the scores that would make it', () => {
    const problems = nordvpnScoring('scores: { security: 8, speed: 8, support: 8 }');
    expect(problems).toEqual([
      'data/providers/nordvpn.yaml:5:9 error /rating rating 4.5 is not what its scores make: their weighted average is 8.00 of 10, which gives 4; ' +
        'for 4.5 it must be 8.90 to 9.09: set security to 10 (now 8); or set rating to 4',
    ]);
  });

  it('names a score for a criterion the method does not have, at its key, with the closest one', () => {
    const problems = nordvpnScoring('scores: { security: 9, sped: 9, support: 9 }');
    expect(problems).toEqual([
      "data/providers/nordvpn.yaml:22:24 error /scores/sped 'sped' is not a criterion of data/methodology.yaml (security, speed, support) (did you mean 'speed'?)",
    ]);
  });

  it('requires scores of a reviewed provider once the method exists', () => {
    const problems = nordvpnScoring('');
    expect(problems).toEqual([
      'data/providers/nordvpn.yaml:5:1 error /rating NORDVPN has a review but no scores: add `scores:` out of 10 for the criteria it was tested for (security, speed, support)',
    ]);
  });

  it('requires the weights to sum to 100', () => {
    const criteria = METHOD.criteria.map((c) => (c.id === 'support' ? { ...c, weight: 25 } : c));
    const problems = lines([method({ criteria }), AUTHORS, scored('nordvpn', GOOD), scored('surfshark', GOOD)]);
    expect(problems).toEqual([
      "data/methodology.yaml:11:1 error /criteria the criteria's weights sum to 105; they must sum to 100 (security 50, speed 30, support 25)",
    ]);
  });

  it('reports an unknown author with the closest one, and a review without one', () => {
    const problems = lines([method(), AUTHORS, scored('nordvpn', GOOD, 'anne'), scored('surfshark', GOOD, null)]);
    expect(problems).toEqual([
      "data/providers/nordvpn.yaml:30:11 error /review/author unknown author 'anne' (data/authors.yaml lists ann) (did you mean 'ann'?)",
      'data/providers/surfshark.yaml:24:1 error /review the review names no author: add `author:` with one of ann',
    ]);
  });
});
