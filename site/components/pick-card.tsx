import { CardHeading } from './card-heading';
import type { ReactNode } from 'react';
import type { ShownPlan, Streaming } from '../../services/content/index.ts';
import { Badge } from './badge';
import { Price, PriceChecked, ProviderFigure, PlanName } from './figure';
import { OutboundLink } from './outbound-link';

type Labels = Streaming['providers']['labels'];

/** A picked provider's card words: the measure's result as its badge, the page's notes for it, if any. */
export interface Pick {
  provider: string;
  badge: string;
  description?: string;
  speed?: string;
  features: readonly string[];
  pros: readonly string[];
  cons: readonly string[];
  cta: string;
}

/** What a pick card shows of the provider's record. */
export interface PickProvider {
  name: string;
  logo?: string;
  logoSvg?: string;
  rating: number;
  servers: number;
  countries: number;
  plan: ShownPlan;
}

/** A label with {servers} and {countries} filled with the provider's figures. */
function serversLine(label: string, slug: string, p: PickProvider): ReactNode {
  return label
    .split(/(\{servers\}|\{countries\})/)
    .map((part, i) =>
      part === '{servers}' ? (
        <ProviderFigure key={i} slug={slug} figure="servers" value={p.servers} />
      ) : part === '{countries}' ? (
        <ProviderFigure key={i} slug={slug} figure="countries" value={p.countries} />
      ) : (
        part
      ),
    );
}

/**
 * A recommended-provider card: list-card stars, badge, speed, servers, the
 * plan's price, features, pros and cons, and an outbound button through /go/<slug>. Figures come from the record.
 */
export function PickCard({ pick, provider: p, labels, from }: { pick: Pick; provider: PickProvider; labels: Labels; from: string }) {
  const price = (
    <>
      <Price plan={p.plan} />
      /mo, <PlanName plan={p.plan} />
    </>
  );
  const facts = [
    ...(pick.speed ? [[labels.speed, pick.speed] as const] : []),
    [labels.servers, serversLine(labels.serversText, pick.provider, p)] as const,
    [labels.price, price] as const,
  ];
  return (
    <article
      data-testid="pick-card"
      data-provider={pick.provider}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CardHeading slug={pick.provider} name={p.name} logo={{ emoji: p.logo, svg: p.logoSvg }} rating={p.rating} rule="floor" size={36} />
        <Badge variant="secondary">{pick.badge}</Badge>
      </div>
      {pick.description && <p className="mt-3 text-sm leading-6 text-slate-700">{pick.description}</p>}
      <dl className="mt-4 space-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <PriceChecked plan={p.plan} />
      <ul className="mt-4 flex flex-wrap gap-1.5">
        {pick.features.map((f) => (
          <li key={f}>
            <Badge variant="secondary">{f}</Badge>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-3 text-sm">
        {(
          [
            [labels.pros, pick.pros, 'text-green-800'],
            [labels.cons, pick.cons, 'text-red-800'],
          ] as const
        )
          .filter(([, items]) => items.length > 0)
          .map(([title, items, colour]) => (
            <div key={title}>
              <h4 className={`font-semibold ${colour}`}>{title}</h4>
              <ul className="mt-1 list-disc space-y-1 pl-4 text-slate-700">
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
      </div>
      <div className="mt-auto pt-6">
        <OutboundLink
          provider={pick.provider}
          from={from}
          placement="streaming-card"
          className="block rounded-md bg-blue-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-blue-800"
        >
          {pick.cta}
        </OutboundLink>
      </div>
    </article>
  );
}
