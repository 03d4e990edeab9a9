/**
 * Reads an amount of money out of an element's text as pricing pages print it: "$3.39", "3,39 €", "US$ 3.39/mo",
 * "€1.299,00", "£4.99 per month". Pure.
 */

export interface Amount {
  amount: number;
  /** ISO 4217, from the symbol or code beside the number; undefined when the text names none. */
  currency?: string;
}

/** Symbols and codes, longest first so that "US$" wins over "$". */
const CURRENCIES: [RegExp, string][] = [
  [/US\$|USD/i, 'USD'],
  [/C\$|CAD/i, 'CAD'],
  [/A\$|AUD/i, 'AUD'],
  [/€|EUR/i, 'EUR'],
  [/£|GBP/i, 'GBP'],
  [/CHF/i, 'CHF'],
  [/\$/, 'USD'],
];

/** The first number in the text, with "," or "." read as the decimal mark by where it sits. */
const NUMBER = /\d{1,3}(?:[.,\s\u00a0\u202f]\d{3})*(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?/;

/** The amount in a text, or undefined when it holds none. */
export function parseAmount(text: string): Amount | undefined {
  const clean = text.replace(/\s+/g, ' ').trim();
  const m = NUMBER.exec(clean);
  if (!m) return undefined;
  const amount = toNumber(m[0]);
  if (amount === undefined || !(amount > 0)) return undefined;
  const currency = CURRENCIES.find(([re]) => re.test(clean))?.[1];
  return currency ? { amount, currency } : { amount };
}

/**
 * "1,299.00" and "1.299,00" are 1299; "3,39" is 3.39 and "3.39" too: a separator followed by one or two digits at
 * the end is the decimal mark, any other is a thousands separator.
 */
function toNumber(raw: string): number | undefined {
  const digits = raw.replace(/[\s\u00a0\u202f]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, '');
  const n = Number(decimal ? `${whole}.${decimal[1]}` : whole);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : undefined;
}
