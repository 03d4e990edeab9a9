/**
 * A provider's figures as every page shows them: formatted in one place (services/content/figures.ts) and each
 * marked with where it comes from (`data-figure="nordvpn/2-year/price"`), so one test can check that no two pages
 * show different figures for one provider and plan.
 */
import type { ReactNode } from 'react';
import {
  formatDiscount,
  formatMoney,
  formatPrice,
  formatServers,
  formatShortDate,
  isStale,
  renewalText,
  yearlySavings,
  type ShownPlan,
} from '../../services/content/figure-format.ts';
import { Icon } from './icon';
import { useSite } from '../root';

/** A figure from a provider's record; `of` names it: "<slug>/<figure>" or "<slug>/<plan>/<figure>". */
export function Figure({ of, children }: { of: string; children: ReactNode }) {
  return <span data-figure={of}>{children}</span>;
}

const key = (plan: ShownPlan, figure: string) => `${plan.provider}/${plan.id}/${figure}`;

/** "$3.39". */
export const Price = ({ plan }: { plan: ShownPlan }) => <Figure of={key(plan, 'price')}>{formatPrice(plan.price)}</Figure>;

/**
 * "$12.95", the monthly plan's price the deal is measured against; nothing for a plan without a regular price above
 * its price, which has no deal to show.
 */
export const RegularPrice = ({ plan }: { plan: ShownPlan }) =>
  plan.discount === undefined ? null : <Figure of={key(plan, 'regularPrice')}>{formatPrice(plan.regularPrice!)}</Figure>;

/** "73% OFF", worked out from the prices; nothing for a plan without a discount. */
export const Discount = ({ plan }: { plan: ShownPlan }) =>
  plan.discount === undefined ? null : <Figure of={key(plan, 'discount')}>{formatDiscount(plan.discount)} OFF</Figure>;

/** The plan's term, e.g. "2-year plan". */
export const Term = ({ plan }: { plan: ShownPlan }) => <Figure of={key(plan, 'term')}>{plan.term}</Figure>;

/** What the plan adds, e.g. "3 months free"; nothing when it adds nothing. */
export const Extras = ({ plan }: { plan: ShownPlan }) =>
  plan.extras?.length ? <Figure of={key(plan, 'extras')}>{plan.extras.join(', ')}</Figure> : null;

/** The plan as a visitor tells it from others: its term and any extras, e.g. "2-year plan, 3 months free". */
export const PlanName = ({ plan }: { plan: ShownPlan }) => (
  <>
    <Term plan={plan} />
    {plan.extras?.length ? (
      <>
        , <Extras plan={plan} />
      </>
    ) : null}
  </>
);

/** What a year on the plan saves against the regular monthly price, e.g. "$114.72". */
export const YearlySavings = ({ plan }: { plan: ShownPlan }) => {
  const text = yearlySavings(plan);
  return text === undefined ? null : <Figure of={key(plan, 'yearlySavings')}>{text}</Figure>;
};

/** What the plan saves over its whole term against the regular price, e.g. "$229.44"; nothing without a regular price. */
export const Savings = ({ plan }: { plan: ShownPlan }) =>
  plan.savings === undefined ? null : <Figure of={key(plan, 'savings')}>{formatMoney(plan.savings)}</Figure>;

/** A figure of the provider itself, whatever the plan. */
export function ProviderFigure({
  slug,
  figure,
  value,
}: {
  slug: string;
  figure: 'servers' | 'countries' | 'devices' | 'rating';
  value: number | string;
}) {
  const text = figure === 'servers' ? formatServers(Number(value)) : String(value);
  return <Figure of={`${slug}/${figure}`}>{text}</Figure>;
}

/** Fills a label's {name} with a node, e.g. "Save {savings}" with a figure. */
export function fillLabel(label: string, name: string, node: ReactNode): ReactNode {
  const [before, after] = label.split(`{${name}}`);
  return after === undefined ? (
    label
  ) : (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

/** What the price is for: "per month on the 2-year plan" (site.yaml prices.period). */
export function Period({ plan }: { plan: ShownPlan }) {
  const label = useSite()?.prices.period ?? '{term}';
  return <>{fillLabel(label, 'term', <PlanName plan={plan} />)}</>;
}

/**
 * "Price checked 15 Jan 2025" (site.yaml prices.checked): every price says how fresh it is. A price checked more than
 * prices.maxAgeDays before the build says that it may have changed (prices.stale), in the warning tone.
 */
export function PriceChecked({ plan, className = 'mt-1 text-xs text-slate-600' }: { plan: ShownPlan; className?: string }) {
  return (
    <>
      <Renewal plan={plan} />
      <CheckedLine plan={plan} className={className} />
    </>
  );
}

/**
 * "then $99.48 a year" (site.yaml prices.renewal): what the plan costs once its first term is over, where the
 * provider states it; nothing where it does not, rather than a guess.
 */
export function Renewal({ plan }: { plan: ShownPlan }) {
  const label = useSite()?.prices.renewal;
  if (!plan.renewal) return null;
  return (
    <p className="mt-1 text-sm font-medium text-slate-700" data-testid="price-renewal">
      <Figure of={key(plan, 'renewal')}>{renewalText(plan.renewal, label)}</Figure>
    </p>
  );
}

function CheckedLine({ plan, className }: { plan: ShownPlan; className: string }) {
  const prices = useSite()?.prices;
  const date = (
    <Figure of={key(plan, 'checked')}>
      <time dateTime={plan.checked}>{formatShortDate(plan.checked)}</time>
    </Figure>
  );
  if (prices && isStale(plan, prices.today, prices.maxAgeDays)) {
    const label = prices.stale.replaceAll('{maxAgeDays}', String(prices.maxAgeDays));
    return (
      <p
        className="mt-1 flex items-start gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900"
        data-testid="price-checked"
        data-stale=""
      >
        <Icon name="alert-triangle" size={14} className="mt-px shrink-0 text-amber-700" />
        <span>{fillLabel(label, 'date', date)}</span>
      </p>
    );
  }
  return (
    <p className={className} data-testid="price-checked">
      {fillLabel(prices?.checked ?? '{date}', 'date', date)}
    </p>
  );
}

/** Under a price: the plan it is for, then the day it was checked. */
export function PlanChecked({ plan, checkedClassName }: { plan: ShownPlan; checkedClassName?: string }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        <PlanName plan={plan} />
      </p>
      <PriceChecked plan={plan} className={checkedClassName} />
    </>
  );
}
