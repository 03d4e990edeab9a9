/**
 * A provider's figures as every page shows them (figure-values.tsx), and the price labels that come from site.yaml.
 */
import { formatShortDate, isStale, renewalText, type ShownPlan } from '../../services/content/figure-format.ts';
import { Icon } from './icon';
import { useSite } from '../root';
import { Figure, fillLabel, key, PlanName } from './figure-values';

export {
  Discount,
  Extras,
  Figure,
  fillLabel,
  PlanName,
  Price,
  ProviderFigure,
  RegularPrice,
  Savings,
  Term,
  YearlySavings,
} from './figure-values';

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
