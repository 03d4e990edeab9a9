import '../helpers/compiled-schemas.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listYamlFiles } from '../../services/content/source.ts';
import { compareLocators } from '../helpers/pointers.ts';

describe('placing problems in the real content', () => {
  it("js-yaml's node offsets agree with yaml's document on every key and value of data/, and answer for most", () => {
    let asked = 0;
    let answered = 0;
    const disagreements: string[] = [];
    for (const rel of listYamlFiles('data')) {
      const r = compareLocators(readFileSync(join('data', rel), 'utf8'));
      asked += r.asked;
      answered += r.answered;
      disagreements.push(...r.disagreements.map((d) => `${rel} ${d}`));
    }
    expect(disagreements).toEqual([]);
    expect(answered / asked).toBeGreaterThan(0.8);
  });
});
