import { formatLongDate } from '../../services/content/figure-format.ts';
import { Icon } from './icon';
import type { OfferState } from '../lib/offers';

export interface FlashSale {
  title: string;
  text: string;
  endsOn: string;
}

/**
 * The deals-page flash-sale banner while the sale runs (site/lib/offers.ts); nothing before it starts or after it
 * ends, so that a page past its sale leads with the regular prices. {date} in any text becomes its last day.
 */
export function FlashSaleBanner({ sale, state }: { sale: FlashSale; state: OfferState }) {
  if (state !== 'running') return null;
  const fill = (s: string) => s.replaceAll('{date}', formatLongDate(sale.endsOn));
  return (
    <section
      data-testid="flash-sale"
      data-state={state}
      aria-labelledby="flash-sale"
      className="rounded-xl bg-red-700 p-6 text-center text-white"
    >
      <h2 id="flash-sale" className="flex items-center justify-center gap-2 text-2xl font-bold">
        <Icon name="clock" />
        {fill(sale.title)}
      </h2>
      <p className="mx-auto mt-2 max-w-3xl text-red-50">{fill(sale.text)}</p>
    </section>
  );
}
