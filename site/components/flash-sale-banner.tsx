import { Icon } from './icon';

export interface FlashSale {
  title: string;
  text: string;
  endsLabel: string;
  endedTitle: string;
  endedText: string;
}

/**
 * The deals-page flash-sale banner. `ended` is decided at build time from the sale's end date, so a past sale
 * never keeps advertising itself; {date} in any text becomes the visible end date.
 */
export function FlashSaleBanner({ sale, ended }: { sale: FlashSale; ended: boolean }) {
  const fill = (s: string) => s.replaceAll('{date}', sale.endsLabel);
  return (
    <section
      data-testid="flash-sale"
      data-state={ended ? 'ended' : 'running'}
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
