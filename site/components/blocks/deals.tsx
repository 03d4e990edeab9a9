/** Renderer for the deals an article quotes: every figure from the provider's record and the plan named. */
import { Logo } from '../logo';
import { Badge } from '../badge';
import { Discount, Extras, fillLabel, Price, PriceChecked, ProviderFigure, RegularPrice, Savings, Term } from '../figure';
import { Icon } from '../icon';
import { OutboundLink } from '../outbound-link';
import { withPlans, type BlockProps } from './context';
import { AffiliateDisclosure } from '../affiliate-disclosure';
import { BlockSection } from './block-section';
import { picked } from '../../lib/pick-sets';
import { PickFrame } from './picks';

/** Deal cards with the struck-through regular price, the savings the plan quotes and its term, extras and guarantee. */
export function DealListBlock({ block, ctx }: BlockProps<'deal-list'>) {
  return (
    <BlockSection block={block} data-outbound-group="">
      <PickFrame block={block}>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {withPlans(ctx, picked(block).items as { provider: string; features?: string[] }[]).map(({ item: deal, p, plan }) => {
            const features = [
              <Term key="term" plan={plan} />,
              ...(plan.extras?.length ? [<Extras key="extras" plan={plan} />] : []),
              plan.guarantee,
              fillLabel(block.devices, 'devices', <ProviderFigure slug={p.slug} figure="devices" value={p.devices} />),
              ...(deal.features ?? []),
            ];
            return (
              <article
                key={deal.provider}
                data-testid="deal"
                data-provider={p.slug}
                data-pick={p.slug}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center justify-between gap-3">
                  <h3 className="flex items-center gap-2 text-xl font-bold">
                    <Logo emoji={p.logo} svg={p.logoSvg} size={32} />
                    {p.name}
                  </h3>
                  {plan.discount !== undefined && (
                    <Badge variant="destructive">
                      <Discount plan={plan} />
                    </Badge>
                  )}
                </div>
                <p className="mt-4">
                  {plan.discount !== undefined && (
                    <>
                      <s className="text-slate-600">
                        <RegularPrice plan={plan} />
                        /month
                      </s>{' '}
                    </>
                  )}
                  <span className="text-3xl font-extrabold text-slate-900">
                    <Price plan={plan} />
                    /month
                  </span>
                </p>
                <PriceChecked plan={plan} />
                {plan.savings !== undefined && (
                  <p className="mt-1 font-semibold text-green-800">{fillLabel(block.savings, 'savings', <Savings plan={plan} />)}</p>
                )}
                <ul className="mt-4 flex-1 space-y-2">
                  {features.map((f, i) => (
                    <li key={i} className="flex gap-2 text-sm text-slate-800">
                      <Icon name="check-circle" size={18} className="shrink-0 text-green-700" />
                      {/* One flex item: a figure beside its text must not be spaced apart from it. */}
                      <span>{f}</span>
                    </li>
                  ))}
                </ul>
                <OutboundLink
                  provider={p.slug}
                  from={ctx.path}
                  placement="article-deal"
                  className="mt-6 block rounded-md bg-blue-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-blue-800"
                >
                  {block.cta}
                </OutboundLink>
              </article>
            );
          })}
        </div>
      </PickFrame>
      <AffiliateDisclosure className="mt-3" providers={picked(block).items} />
    </BlockSection>
  );
}
