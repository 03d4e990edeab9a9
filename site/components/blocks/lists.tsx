/** Renderers for numbered steps, do/avoid tips and a provider price list. */
import { Price, PlanChecked } from '../figure';
import { Logo } from '../logo';
import { Icon } from '../icon';
import { withPlans, type BlockProps } from './context';
import { BlockSection } from './block-section';
import { picked } from '../../lib/pick-sets';
import { PickFrame } from './picks';

/** Tips with green ticks, or mistakes with red crosses. */
export function TipsBlock({ block }: BlockProps<'tips'>) {
  const avoid = block.tone === 'avoid';
  return (
    <BlockSection block={block}>
      <ul className="mt-6 space-y-3">
        {block.items.map((tip) => (
          <li key={tip.title} className="flex gap-3">
            <Icon
              name={avoid ? 'x-circle' : 'check-circle'}
              size={20}
              className={`mt-0.5 shrink-0 ${avoid ? 'text-red-700' : 'text-green-700'}`}
            />
            <p className="leading-7 text-slate-700">
              <strong className="font-semibold text-slate-900">{tip.title}.</strong> {tip.text}
            </p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** Providers with the price of one plan each, from the record. */
export function PriceListBlock({ block, ctx }: BlockProps<'price-list'>) {
  return (
    <BlockSection block={block}>
      <PickFrame block={block}>
        <ol className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {withPlans(ctx, picked(block).items as { provider: string; note?: string }[]).map(({ item, p, plan }) => (
            <li
              key={item.provider}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4"
              data-testid="price-list-item"
              data-provider={p.slug}
              data-pick={p.slug}
            >
              <Logo emoji={p.logo} svg={p.logoSvg} size={28} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{p.name}</p>
                {item.note && <p className="text-sm text-slate-700">{item.note}</p>}
              </div>
              <div className="w-full pl-12 text-left sm:w-auto sm:pl-0 sm:text-right">
                <p className="text-lg font-extrabold">
                  <Price plan={plan} />
                  /month
                </p>
                <PlanChecked plan={plan} checkedClassName="text-xs text-slate-600" />
              </div>
            </li>
          ))}
        </ol>
      </PickFrame>
    </BlockSection>
  );
}
