/**
 * A plan's price changes as entries of its review's change log: "2-year plan $3.39 → $3.59 a month", dated by the
 * observation that found the new price. Worked out from the observations, never typed. Pure.
 */
import { formatPrice, renewalText, termLabel, type PlanRecord } from './figure-format.ts';

export interface PriceChange {
  date: string;
  kind: 'price';
  text: string;
}

/** Every change of a plan's price per month, or of its renewal price, oldest first. */
export function priceChanges(plans: Readonly<Record<string, Pick<PlanRecord, 'months' | 'prices'>>>): PriceChange[] {
  const out: PriceChange[] = [];
  for (const plan of Object.values(plans)) {
    // A plan whose observations did not load (a mistake in the file, reported on its own) tells no change.
    if (!Array.isArray(plan.prices)) continue;
    const term = termLabel(plan.months);
    plan.prices.forEach((o, i) => {
      const before = plan.prices[i - 1];
      if (!before) return;
      if (Math.round(before.price * 100) !== Math.round(o.price * 100))
        out.push({ date: o.date, kind: 'price', text: `${term} ${formatPrice(before.price)} → ${formatPrice(o.price)} a month` });
      const [was, now] = [before.renewal, o.renewal];
      if (was && now && (Math.round(was.price * 100) !== Math.round(now.price * 100) || was.months !== now.months))
        out.push({
          date: o.date,
          kind: 'price',
          text: `${term} renewal ${renewalText(was, '{price} {every}')} → ${renewalText(now, '{price} {every}')}`,
        });
    });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
