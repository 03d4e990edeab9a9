import { formatLongDate } from '../../services/content/figures.ts';
import { Icon } from './icon';
import type { OfferState } from '../lib/offers';

export interface FlashSale {
  title: string;
  text: string;
  endsOn: string;
  endedTitle: string;
  endedText: string;
}

/**
 * The deals-page flash-sale banner, in the state its dates give (site/lib/offers.ts): nothing before the sale,
 * the sale while it runs, and that it has ended afterwards. {date} in any text becomes its last day.
 */
export function FlashSaleBanner({ sale, state }: { sale: FlashSale; state: OfferState }) {
  if (state === 'upcoming') return null;
  const ended = state === 'ended';
  const fill = (s: string) => s.replaceAll('{date}', formatLongDate(sale.endsOn));
  return (
    <section
      data-testid="flash-sale"
      data-state={state}
      aria-labelledby="flash-sale"
      className={`rounded-xl p-6 text-center ${ended ? 'border border-slate-300 bg-slate-100 text-slate-900' : 'bg-red-700 text-white'}`}
    >
      <h2 id="flash-sale" className="flex items-center justify-center gap-2 text-2xl font-bold">
        <Icon name="clock" />
        {fill(ended ? sale.endedTitle : sale.title)}
      </h2>
      <p className={`mx-auto mt-2 max-w-3xl ${ended ? 'text-slate-700' : 'text-red-50'}`}>{fill(ended ? sale.endedText : sale.text)}</p>
    </section>
  );
}
