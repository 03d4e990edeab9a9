/** Renderers for blocks that recommend providers: a ranking and the recommendation pair, figures from the record. */
import { Logo } from '../logo';
import { Badge } from '../badge';
import { Discount, Figure, Price, PriceChecked, PlanName, PlanChecked } from '../figure';
import { Icon } from '../icon';
import { OutboundLink } from '../outbound-link';
import { StarRating } from '../star-rating';
import { withPlans, type BlockProps } from './context';
import { AffiliateDisclosure } from '../affiliate-disclosure';
import { BlockSection } from './block-section';
import { picked } from '../../lib/pick-sets';
import { PickMeasure, PickRanking } from '../pick-ranking';

/** The measure a block's picks are chosen by, above them, and every reviewed provider by it, below. */
export function PickFrame({ block, children }: { block: object; children: React.ReactNode }) {
  const { shown } = picked(block);
  return (
    <>
      <PickMeasure set={shown} className="mt-3" />
      <div data-pick-set={shown.by}>{children}</div>
      {shown.label && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-blue-800">Every VPN we reviewed, by this measure</summary>
          <PickRanking set={shown} title={shown.column ?? ''} className="mt-2" />
        </details>
      )}
    </>
  );
}

/** A pick's badge: where it stands on the measure, or, for the partners, that it is one. */
const standing = (block: object, slug: string) => {
  const { shown } = picked(block);
  const row = shown.ranking.find((r) => r.slug === slug);
  return row ? `#${row.rank} · ${row.text}` : 'Partner';
};

const BUTTON = 'inline-block rounded-md bg-blue-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-blue-800';

/** Numbered providers with their plan's price and a deal button each. */
export function RankingBlock({ block, ctx }: BlockProps<'ranking'>) {
  return (
    <BlockSection block={block} data-outbound-group="">
      <PickFrame block={block}>
        <ol className="mt-6 space-y-4">
          {withPlans(ctx, picked(block).items as { provider: string; summary?: string }[]).map(({ item: entry, p, plan }, i) => (
            <li
              key={entry.provider}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
              data-testid="ranking-entry"
              data-provider={p.slug}
              data-pick={p.slug}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white">
                {i + 1}
              </span>
              <div className="flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="flex items-center gap-2 text-lg font-bold">
                    <Logo emoji={p.logo} svg={p.logoSvg} size={24} />
                    {p.name}
                  </h3>
                  <Badge variant="secondary">{standing(block, p.slug)}</Badge>
                </div>
                <Figure of={`${p.slug}/rating`}>
                  <StarRating rating={p.rating} rule="floor" />
                </Figure>
                {entry.summary && <p className="mt-2 text-sm leading-6 text-slate-700">{entry.summary}</p>}
              </div>
              <div className="text-left sm:text-right">
                <p className="text-xl font-extrabold">
                  <Price plan={plan} />
                  /month
                </p>
                <p className="text-sm text-slate-600">
                  <PlanName plan={plan} />{' '}
                  <span className="font-semibold text-green-800">
                    <Discount plan={plan} />
                  </span>
                </p>
                <PriceChecked plan={plan} />
                <OutboundLink provider={p.slug} from={ctx.path} placement="ranking" className={`mt-2 ${BUTTON}`}>
                  {block.cta}
                </OutboundLink>
              </div>
            </li>
          ))}
        </ol>
      </PickFrame>
      <AffiliateDisclosure className="mt-3" providers={picked(block).items} />
    </BlockSection>
  );
}

/** The two recommended providers, the first highlighted, each with a Get Deal button through /go/. */
export function RecommendationsBlock({ block, ctx }: BlockProps<'recommendations'>) {
  return (
    <BlockSection block={block} data-outbound-group="">
      <PickFrame block={block}>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {withPlans(ctx, picked(block).items as { provider: string; features?: string[] }[]).map(({ item: pick, p, plan }, i) => (
            <article
              key={pick.provider}
              data-testid="recommendation"
              data-provider={p.slug}
              data-pick={p.slug}
              className={`flex flex-col rounded-xl bg-white p-6 shadow-sm ${i === 0 ? 'ring-2 ring-blue-700' : 'border border-slate-200'}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <Badge variant={i === 0 ? 'default' : 'secondary'}>{standing(block, p.slug)}</Badge>
                {plan.discount !== undefined && (
                  <Badge variant="destructive">
                    <Discount plan={plan} />
                  </Badge>
                )}
              </div>
              <h3 className="mt-4 flex items-center gap-2 text-xl font-bold">
                <Logo emoji={p.logo} svg={p.logoSvg} size={32} />
                {p.name}
              </h3>
              <p className="mt-3 text-3xl font-extrabold text-slate-900">
                <Price plan={plan} />
                /month
              </p>
              <PlanChecked plan={plan} />
              <ul className="mt-4 flex-1 space-y-2">
                {[...(pick.features ?? []), plan.guarantee].map((f) => (
                  <li key={f} className="flex gap-2 text-sm text-slate-800">
                    <Icon name="check-circle" size={18} className="shrink-0 text-green-700" />
                    {f}
                  </li>
                ))}
              </ul>
              <OutboundLink provider={p.slug} from={ctx.path} placement="recommendation" className={`mt-6 block ${BUTTON}`}>
                {block.cta}
              </OutboundLink>
            </article>
          ))}
        </div>
      </PickFrame>
      <AffiliateDisclosure className="mt-3" providers={picked(block).items} />
    </BlockSection>
  );
}
