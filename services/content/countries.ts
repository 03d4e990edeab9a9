/** Country codes as content and clicks both use them: ISO 3166-1 alpha-2, named in English. */

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/**
 * Codes ICU names that ISO 3166-1 does not assign to a country: groupings, the reserved codes and UK (the code is
 * GB). XK (Kosovo) stays: CDNs send it.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'UK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);

/** The English name of an ISO 3166-1 alpha-2 code, or undefined when it is not one. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  return REGIONS.of(code);
}
