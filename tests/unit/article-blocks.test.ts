/** Article block schemas: a wrong block type or a missing field is reported at its file:line:col (no I/O). */
import { describe, expect, it } from 'vitest';
import { checkFiles, formatProblem } from '../../services/content/index.ts';

const FILE = 'data/articles/sample.yaml';

/** An article whose blocks are given as YAML lines indented under `blocks:`. */
function article(blocks: string): string {
  return `slug: sample
meta:
  title: Sample article
  description: A sample article for the schema tests.
  keywords: [sample]
title: Sample article
category: Test
updated: "2025-01-15"
updatedLabel: Updated January 2025
summary: A sample.
blocks:
${blocks}`;
}

/** The problems reported for the article, formatted as the CLI prints them. */
function problems(blocks: string): string[] {
  const result = checkFiles('data', [{ rel: 'articles/sample.yaml', text: article(blocks) }]);
  return result.problems.filter((p) => p.file === FILE).map(formatProblem);
}

const PICK_NORD = `      - provider: nordvpn
        features: ["{{nordvpn.servers}} servers in {{nordvpn.countries}} countries"]`;

const PICK_SURF = `      - provider: surfshark
        features: [CleanWeb ad blocking]`;

describe('article block schemas', () => {
  it('accepts well-formed blocks', () => {
    const blocks = `  - type: quick-answer
    heading: Quick Answer
    text: A VPN encrypts everything; a proxy does not.
  - type: recommendations
    heading: Best VPNs
    by: rating
    notes:
${PICK_NORD}
${PICK_SURF}
    cta: Get Deal
  - type: comparison-table
    heading: Features
    columns: [Feature, VPN, Proxy]
    rows:
      - { label: Kill switch, cells: ["Yes", "No"] }
      - { provider: nordvpn, cells: ["Yes", "No"] }
`;
    expect(problems(blocks)).toEqual([]);
  });

  it('reports a misspelled block type at the type value, with the closest type', () => {
    const blocks = `  - type: quick-answer
    heading: Quick Answer
    text: Short.
  - type: recomendations
    heading: Best VPNs
`;
    expect(problems(blocks)).toEqual([
      "data/articles/sample.yaml:15:11 error /blocks/1/type unknown block type 'recomendations' (did you mean 'recommendations'?); " +
        'expected one of: prose, cards, faq, links, cta, icon-list, steps, requirements, issues, provider-downloads, firmware, ' +
        'protocols, platform-steps, stats, guide-cards, article-cards, contact-info, contact-form, legal-sections, quick-answer, callout, ' +
        'ranking, recommendations, comparison-table, cost-table, tips, price-list, deal-list',
    ]);
  });

  it('reports a missing field at the object that lacks it', () => {
    const blocks = `  - type: recommendations
    heading: Best VPNs
    notes:
${PICK_NORD}
${PICK_SURF}
    cta: Get Deal
`;
    expect(problems(blocks)).toEqual(["data/articles/sample.yaml:12:5 error /blocks/0 must have required property 'by'"]);
  });

  it('reports a missing heading on a block at the block itself', () => {
    const blocks = `  - type: steps
    steps:
      - { title: Install the app, description: Download it from the store. }
`;
    expect(problems(blocks)).toEqual(["data/articles/sample.yaml:12:5 error /blocks/0 must have required property 'heading'"]);
  });

  it('has no place for a pick list typed by hand', () => {
    const blocks = `  - type: recommendations
    heading: Best VPNs
    by: rating
    picks:
${PICK_NORD}
    cta: Get Deal
`;
    expect(problems(blocks)).toEqual(["data/articles/sample.yaml:15:5 error /blocks/0/picks unknown property 'picks'"]);
  });

  it('reports an unknown field with the closest allowed name', () => {
    const blocks = `  - type: deal-list
    heading: Current Deals
    savings: Save {savings}
    devices: "{devices} connections"
    by: discount
    count: 2
    notes:
      - provider: nordvpn
        featurs: [Threat Protection]
    cta: Get Deal
`;
    expect(problems(blocks)).toEqual([
      "data/articles/sample.yaml:20:9 error /blocks/0/notes/0/featurs unknown property 'featurs' (did you mean 'features'?)",
    ]);
  });
});
