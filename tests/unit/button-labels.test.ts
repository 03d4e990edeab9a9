/**
 * Buttons say where they go: validate refuses a download picker's label that promises what a provider's card cannot
 * give (its homepage instead of a download or router files), at the label's place, unless the button says what those
 * cards show instead.
 */
import { describe, expect, it } from 'vitest';
import { promisedLink } from '../../services/content/button-checks.ts';
import { formatProblem } from '../../services/content/index.ts';
import { check, providerYaml } from '../helpers/content-fixture.ts';

const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

/** NordVPN has windows and router links; Surfshark only its website. */
const NORD = {
  rel: 'providers/nordvpn.yaml',
  text: providerYaml('nordvpn', {
    links: 'links:\n  website: "https://example.com"\n  windows: "https://example.com/windows"\n  router: "https://example.com/ovpn"',
  }),
};

/** A page whose only block is a download picker with one button (YAML flow map), for the given providers. */
const picker = (button: string, providers = ['nordvpn', 'surfshark']) => ({
  rel: 'pages/setup.yaml',
  text: `slug: setup
meta:
  title: setup
  description: A page.
  keywords: [page]
updated: 2025-06-01
title: A page
blocks:
  - type: provider-downloads
    heading: Choose
    buttons:
      - { ${button}, icon: download }
    providers:
${providers.map((p) => `      - provider: ${p}`).join('\n')}
`,
});

describe('validate: download labels', () => {
  it('refuses "Download for Windows" when a provider on the block has no windows link, at the label', () => {
    expect(lines(check([NORD, picker('link: windows, label: Download for Windows')]))).toEqual([
      'data/pages/setup.yaml:12:33 error /blocks/0/buttons/0/label "Download for Windows" would open the homepage of SURFSHARK: it has no windows link. Add links.windows to data/providers/surfshark.yaml, or add otherwise: "Visit {name}" to the button',
    ]);
  });

  it('takes the label when every provider has the link, or when the button says what the others show', () => {
    expect(lines(check([NORD, picker('link: windows, label: Download for Windows', ['nordvpn'])]))).toEqual([]);
    expect(lines(check([NORD, picker('link: windows, label: Download for Windows, otherwise: "Visit {name}"')]))).toEqual([]);
  });

  it('refuses "Get Router Config" on a card without router files the same way', () => {
    expect(lines(check([NORD, picker('link: router, label: Get Router Config')]))).toEqual([
      'data/pages/setup.yaml:12:32 error /blocks/0/buttons/0/label "Get Router Config" would open the homepage of SURFSHARK: it has no router link. Add links.router to data/providers/surfshark.yaml, or add otherwise: "Visit {name}" to the button',
    ]);
    expect(lines(check([NORD, picker('link: router, label: Get Router Config, otherwise: "Visit {name}"')]))).toEqual([]);
  });

  it('refuses a label for another platform than its link, and an otherwise text that promises a download', () => {
    expect(lines(check([NORD, picker('link: windows, label: Download for macOS', ['nordvpn'])]))).toEqual([
      'data/pages/setup.yaml:12:33 error /blocks/0/buttons/0/label "Download for macOS" opens the windows link: label it for that platform, or set link: macos',
    ]);
    expect(lines(check([NORD, picker('link: windows, label: Download for Windows, otherwise: "Download for Android"')]))).toEqual([
      'data/pages/setup.yaml:12:33 error /blocks/0/buttons/0/label otherwise: "Download for Android" is shown where there is no windows link, so it cannot promise a download; say "Visit {name}"',
    ]);
  });

  it('reads the platform a label promises, by its usual names', () => {
    expect(
      ['Download for Windows', 'Download on the iPhone', 'download for Mac', 'Get Router Config', 'Get router configuration files'].map(
        promisedLink,
      ),
    ).toEqual(['windows', 'ios', 'macos', 'router', 'router']);
    expect(['Visit {name}', 'Get NordVPN', 'Download the guide'].map(promisedLink)).toEqual([undefined, undefined, undefined]);
  });
});
