import { CardHeading } from './card-heading';
import type { Provider, ShownPlan } from '../../services/content/index.ts';
import { Badge } from './badge';
import { FeatureTick } from './feature-tick';
import { Discount, Price, ProviderFigure, RegularPrice, PlanChecked } from './figure';
import { OutboundLink } from './outbound-link';

/** The record's fields a provider card shows, in the order the loaders pass them on. */
export const CARD_FIELDS = [
  'slug',
  'name',
  'logo',
  'logoSvg',
  'rating',
  'servers',
  'countries',
  'devices',
  'streaming',
  'torrenting',
  'killSwitch',
  'noLogs',
  'support',
  'moneyBack',
  'bestFor',
] as const satisfies readonly (keyof Provider)[];

type CardFields = Pick<Provider, (typeof CARD_FIELDS)[number]>;

/** A provider's card fields alone, so that a loader ships only what the card shows of the record. */
export function cardFields(p: Provider): CardFields {
  return Object.fromEntries(CARD_FIELDS.map((k) => [k, p[k]])) as CardFields;
}

/** The card fields the home grid shows, with the plan its price is for. */
export type ProviderCardData = CardFields & { featured?: boolean; plan: ShownPlan };

export interface CardLabels {
  featured: string;
  cta: string;
}

/**
 * A home comparison card: every comparison field, the featured ring and badge, and a 'Get {name}' button. The whole card
 * is the button's click target (its ::after covers the card), while the button alone stays the one link, named by
 * its own text, that keyboards and screen readers meet. Its six parts are rows of the grid (a subgrid), so figures
 * and buttons line up across a row of cards.
 */
export function ProviderCard({
  p,
  from,
  labels,
  placement = 'comparison-card',
}: {
  p: ProviderCardData;
  from: string;
  labels: CardLabels;
  placement?: string;
}) {
  return (
    <article
      data-testid="provider-card"
      data-provider={p.slug}
      className={`relative row-span-6 grid grid-rows-subgrid gap-y-0 rounded-xl bg-white p-6 shadow-sm transition-shadow hover:shadow-md ${p.featured ? 'ring-2 ring-blue-700' : 'border border-slate-200'}`}
    >
      {p.featured && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">{labels.featured}</Badge>}
      <CardHeading slug={p.slug} name={p.name} logo={{ emoji: p.logo, svg: p.logoSvg }} rating={p.rating} rule="at-most" size={40} />
      <p className="mt-3">
        <Badge variant="secondary">Best for: {p.bestFor}</Badge>
      </p>
      <div className="mt-4">
        <p className="text-3xl font-extrabold text-slate-900">
          <Price plan={p.plan} />
          <span className="text-sm font-medium text-slate-600">/mo</span>
        </p>
        {p.plan.discount !== undefined && (
          <p className="text-sm text-slate-600">
            <s>
              <RegularPrice plan={p.plan} />
              /mo
            </s>{' '}
            <span className="font-semibold text-green-700">
              <Discount plan={p.plan} />
            </span>
          </p>
        )}
        <PlanChecked plan={p.plan} />
      </div>
      <dl className="mt-4 grid grid-cols-2 content-start gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Servers:</dt>
        <dd className="font-medium">
          <ProviderFigure slug={p.slug} figure="servers" value={p.servers} />
        </dd>
        <dt className="text-slate-600">Countries:</dt>
        <dd className="font-medium">
          <ProviderFigure slug={p.slug} figure="countries" value={p.countries} />
        </dd>
        <dt className="text-slate-600">Devices:</dt>
        <dd className="font-medium">
          <ProviderFigure slug={p.slug} figure="devices" value={p.devices} />
        </dd>
        <dt className="text-slate-600">Support:</dt>
        <dd className="font-medium">{p.support}</dd>
        <dt className="text-slate-600">Money-back:</dt>
        <dd className="font-medium">{p.moneyBack}</dd>
      </dl>
      <ul className="mt-4 space-y-1">
        <FeatureTick label="Streaming" ok={p.streaming} />
        <FeatureTick label="Torrenting" ok={p.torrenting} />
        <FeatureTick label="Kill switch" ok={p.killSwitch} />
        <FeatureTick label="No-logs policy" ok={p.noLogs} />
      </ul>
      <OutboundLink
        provider={p.slug}
        from={from}
        placement={placement}
        className="mt-6 flex items-center justify-center rounded-md bg-blue-700 px-4 py-2.5 text-center font-semibold text-white after:absolute after:inset-0 after:rounded-xl hover:bg-blue-800"
      >
        {labels.cta.replace('{name}', p.name)}
      </OutboundLink>
    </article>
  );
}
