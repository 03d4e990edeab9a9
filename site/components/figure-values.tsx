/**
 * A provider's figures as every page shows them: formatted in one place (services/content/figures.ts) and each
 * marked with where it comes from (`data-figure="nordvpn/2-year/price"`), so one test can check that no two pages
 * show different figures for one provider and plan. These read nothing but their props, so islands use them too
 * (components/island.tsx); figure.tsx adds the ones that read the site's price labels.
 */
import type { ReactNode } from 'react';
import {
  formatDiscount,
  formatMoney,
  formatPrice,
  formatServers,
  yearlySavings,
  type ShownPlan,
} from '../../services/content/figure-format.ts';

/** A figure from a provider's record; `of` names it: "<slug>/<figure>" or "<slug>/<plan>/<figure>". */
export function Figure({ of, children }: { of: string; children: ReactNode }) {
  return <span data-figure={of}>{children}</span>;
}

export const key = (plan: ShownPlan, figure: string) => `${plan.provider}/${plan.id}/${figure}`;

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
