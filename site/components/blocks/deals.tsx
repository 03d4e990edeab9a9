/** Renderer for the deals an article quotes: was-price, deal price, discount, savings, features, deal button. */
import { Logo } from '../logo';
import { Badge } from '../badge';
import { Icon } from '../icon';
import { OutboundLink } from '../outbound-link';
import { providerIn, type BlockProps } from './context';

/** Deal cards with the struck-through original price. */
export function DealListBlock({ block, ctx }: BlockProps<'deal-list'>) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-3 text-slate-700">{block.intro}</p>}
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {block.deals.map((deal) => {
          const p = providerIn(ctx, deal.provider);
          return (
            <article key={deal.provider} data-testid="deal" className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <h3 className="flex items-center gap-2 text-xl font-bold"><Logo emoji={p.logo} svg={p.logoSvg} size={32} />{p.name}</h3>
                <Badge variant="destructive">{deal.discount}</Badge>
              </div>
              <p className="mt-4">
                <s className="text-slate-600">{deal.originalPrice}</s>{' '}
                <span className="text-3xl font-extrabold text-slate-900">{deal.dealPrice}</span>
              </p>
              <p className="mt-1 font-semibold text-green-800">{deal.savings}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {deal.features.map((f) => (
                  <li key={f} className="flex gap-2 text-sm text-slate-800">
                    <Icon name="check-circle" size={18} className="shrink-0 text-green-700" />
                    {f}
                  </li>
                ))}
              </ul>
              <OutboundLink provider={p.slug} link={p.affiliate} from={ctx.path} placement="article-deal" className="mt-6 block rounded-md bg-blue-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-blue-800">
                {deal.cta}
              </OutboundLink>
            </article>
          );
        })}
      </div>
    </section>
  );
}
