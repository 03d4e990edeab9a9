import { CardHeading } from './card-heading';
import type { ReactNode } from 'react';
import type { ShownPlan } from '../../services/content/index.ts';
import { Badge, type BadgeVariant } from './badge';
import { Discount, Period, Price, PriceChecked, RegularPrice } from './figure';
import { Icon } from './icon';
import type { LogoData } from './logo';
import { OutboundLink } from './outbound-link';

export interface DealCardProps {
  heading: string;
  /** The heading level that keeps the page's outline in order. */
  level: 'h2' | 'h3';
  logo?: LogoData;
  /** The provider's rating, shown with the list-card star rule (filled while index < floor(rating)). */
  rating?: number;
  badge?: { text: string; variant: BadgeVariant };
  /** The plan whose price, regular price, discount and term the card shows. */
  plan: ShownPlan;
  /** The guarantee, trial, savings or validity lines. */
  notes?: readonly ReactNode[];
  features?: readonly string[];
  /** Page-specific figures, e.g. the gaming ping, shown above the price. */
  extra?: ReactNode;
  /** Whether the card says when its price was checked; false where the page says it once for every card. */
  checked?: boolean;
  cta: { provider: string; destination?: string; from: string; placement: string; label: string };
}

/** A deal box: price, struck-through regular price, percent-off badge, notes and an outbound button. */
export function DealCard({
  heading,
  level: H,
  logo,
  rating,
  badge,
  plan,
  notes = [],
  features = [],
  extra,
  checked = true,
  cta,
}: DealCardProps) {
  return (
    <article
      data-testid="deal-card"
      data-provider={plan.provider}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeading slug={plan.provider} name={heading} logo={logo} rating={rating} rule="floor" size={36} level={H} />
        {badge && <Badge variant={badge.variant}>{badge.text}</Badge>}
      </div>
      {extra}
      <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-4xl font-extrabold" data-testid="deal-price">
          <Price plan={plan} />
        </span>
        {plan.discount !== undefined && (
          <>
            <s className="text-lg text-slate-600" data-testid="deal-original">
              <RegularPrice plan={plan} />
            </s>
            <Badge variant="destructive">
              <Discount plan={plan} />
            </Badge>
          </>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <Period plan={plan} />
      </p>
      {checked && <PriceChecked plan={plan} />}
      {notes.map((n, i) => (
        <p key={i} className="mt-2 text-sm font-medium text-green-800" data-testid="deal-note">
          {n}
        </p>
      ))}
      {features.length > 0 && (
        <ul className="mt-4 space-y-1.5 text-sm">
          {features.map((f) => (
            <li key={f} className="flex gap-2">
              <Icon name="check" size={16} className="mt-0.5 shrink-0 text-green-600" />
              {f}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-6">
        <OutboundLink
          provider={cta.provider}
          destination={cta.destination}
          from={cta.from}
          placement={cta.placement}
          className="block w-full rounded-md bg-blue-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-blue-800"
        >
          {cta.label}
        </OutboundLink>
      </div>
    </article>
  );
}
