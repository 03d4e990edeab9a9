/**
 * What validate says of a provider's sub-ID: a paid link through an affiliate network without {click_id} is a warning
 * at its place, which fails `validate --strict`; a direct programme's link on the provider's own site is left alone.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../services/content/index.ts';
import { report } from '../../scripts/cli/commands/validate.ts';
import { check, providerYaml } from '../helpers/content-fixture.ts';

const lines = (r: ReturnType<typeof check>) => r.problems.map(formatProblem);

const NETWORK = 'https://go.nordvpn.net/aff_c?offer_id=15&aff_id=41352';
const nord = (affiliate: string, links = 'links:\n  website: "https://nordvpn.com"') => ({
  rel: 'providers/nordvpn.yaml',
  text: providerYaml('nordvpn', { affiliate: `affiliate: "${affiliate}"`, links }),
});

/** What `vpnsite validate` prints for a result, and whether it passes. */
function validate(r: ReturnType<typeof check>, strict: boolean) {
  let text = '';
  const ok = report(r, { strict, format: 'text', verbose: true }, { write: (t: string) => (text += t) });
  return { ok, text };
}

describe('validate: sub-IDs', () => {
  it('warns where a network affiliate link has no {click_id}, naming the HasOffers parameter', () => {
    expect(lines(check([nord(NETWORK)]))).toEqual([
      "data/providers/nordvpn.yaml:20:12 warning /affiliate conversions from this link cannot be matched to their clicks: put {click_id} in the network's sub-ID parameter (aff_sub={click_id} for this HasOffers-style link)",
    ]);
  });

  it('warns where a named link on the network domain has no {click_id}, but not for a link on the provider site', () => {
    const links = `links:\n  website: "https://nordvpn.com"\n  promo: "${NETWORK}&url_id=902"\n  windows: "https://nordvpn.com/download/windows/"`;
    expect(lines(check([nord(`${NETWORK}&aff_sub={click_id}`, links)]))).toEqual([
      "data/providers/nordvpn.yaml:23:10 warning /links/promo conversions from this link cannot be matched to their clicks: it is on the affiliate network's domain, so put {click_id} in its sub-ID parameter",
    ]);
  });

  it('says nothing of links that carry it, in the affiliate link or in subid:', () => {
    expect(lines(check([nord(`${NETWORK}&aff_sub={click_id}`)]))).toEqual([]);
    const subid = providerYaml('nordvpn', {
      affiliate: `affiliate: "${NETWORK}"\nsubid: "${NETWORK}&aff_sub={click_id}"`,
      links: 'links:\n  website: "https://nordvpn.com"',
    });
    expect(lines(check([{ rel: 'providers/nordvpn.yaml', text: subid }]))).toEqual([]);
  });

  it("leaves a direct programme's link on the provider's own site without a sub-ID: there is no parameter to name", () => {
    expect(lines(check([nord('https://nordvpn.com/?utm_source=affiliate&utm_campaign=aff_id_20714')]))).toEqual([]);
  });

  it('passes validate with the warning, and fails it under --strict', () => {
    const r = check([nord(NETWORK)]);
    const plain = validate(r, false);
    expect(plain.ok).toBe(true);
    expect(plain.text).toContain('data/providers/nordvpn.yaml:20:12 warning /affiliate conversions from this link cannot be matched');
    expect(plain.text).toContain('✓ 5 files checked: 0 error(s), 1 warning(s)');
    const strict = validate(r, true);
    expect(strict.ok).toBe(false);
    expect(strict.text).toContain('✗ 5 files checked: 0 error(s), 1 warning(s) (warnings fail under --strict)');
    // The same content with the sub-ID passes under --strict: the warning alone made the difference.
    expect(validate(check([nord(`${NETWORK}&aff_sub={click_id}`)]), true).ok).toBe(true);
  });
});
