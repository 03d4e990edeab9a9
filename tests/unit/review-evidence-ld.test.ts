/** A review's JSON-LD names when its results were measured, the method they followed, and each correction to them. */
import { describe, expect, it } from 'vitest';
import { review } from '../../site/lib/structured-data.ts';

const brand = { name: 'VPN Compass', url: 'https://www.example.com' };
const base = { provider: 'NordVPN', rating: 4.9, headline: 'NordVPN Review 2025', path: '/vpn-reviews/nordvpn', body: 'B.' };

describe('review JSON-LD', () => {
  it('gives the test date, the method and its version, and the corrections', () => {
    const ld = review(brand, {
      ...base,
      dateModified: '2025-03-02',
      evidence: {
        testedOn: '2025-01-15',
        method: { name: 'How We Test and Score VPNs', path: '/how-we-test', version: '1.0' },
        corrections: [{ date: '2025-03-02', text: 'Correction to the results of 15 Jan 2025: New York was typed as 8.' }],
      },
    });
    expect(ld).toMatchObject({
      dateModified: '2025-03-02',
      temporalCoverage: '2025-01-15',
      isBasedOn: {
        '@type': 'CreativeWork',
        name: 'How We Test and Score VPNs',
        url: 'https://www.example.com/how-we-test',
        version: '1.0',
      },
      correction: [
        {
          '@type': 'CorrectionComment',
          datePublished: '2025-03-02',
          text: 'Correction to the results of 15 Jan 2025: New York was typed as 8.',
        },
      ],
    });
  });

  it('says nothing of evidence a review does not have', () => {
    const ld = review(brand, { ...base, dateModified: '2025-01-15' }) as Record<string, unknown>;
    expect(['temporalCoverage', 'isBasedOn', 'correction'].filter((k) => k in ld)).toEqual([]);
  });
});
