import { CardHeading } from './card-heading';
import { SiteLink } from './site-link';
import type { Provider, ShownPlan } from '../../services/content/index.ts';
import { Badge } from './badge';
import { Discount, Price, PlanChecked } from './figure';
import { OutboundLink } from './outbound-link';

export type ReviewListCardData = Pick<Provider, 'slug' | 'name' | 'logo' | 'logoSvg' | 'rating' | 'bestFor' | 'description'> & {
  plan: ShownPlan;
};

export interface ReviewListLabels {
  visit: string;
  readReview: string;
  bestFor: string;
  perMonth: string;
}

/**
 * A reviews-listing card: list-card stars, the card plan's price, a Visit button that always goes through
 * /go/<slug> (the /go/ route picks the affiliate link or the provider's own site) and a link to the review page.
 * Its six parts are rows of the listing's grid (a subgrid), so prices and buttons line up across a row of cards
 * even where a long name wraps a button onto two lines.
 */
export function ReviewListCard({ p, from, labels }: { p: ReviewListCardData; from: string; labels: ReviewListLabels }) {
  return (
    <article
      data-testid="review-card"
      data-provider={p.slug}
      className="row-span-6 grid grid-rows-subgrid gap-y-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <CardHeading slug={p.slug} name={p.name} logo={{ emoji: p.logo, svg: p.logoSvg }} rating={p.rating} rule="floor" size={40} />
      <p className="mt-3">
        <Badge variant="secondary">
          {labels.bestFor} {p.bestFor}
        </Badge>
      </p>
      <p className="mt-3 text-sm leading-6 text-slate-700">{p.description}</p>
      <div className="mt-4 self-start">
        <p className="text-2xl font-extrabold">
          <Price plan={p.plan} />
          <span className="text-sm font-medium text-slate-600">{labels.perMonth}</span>
          <span className="ml-2 text-sm font-semibold text-green-800">
            <Discount plan={p.plan} />
          </span>
        </p>
        <PlanChecked plan={p.plan} />
      </div>
      <OutboundLink
        provider={p.slug}
        from={from}
        placement="review-card"
        className="mt-6 flex items-center justify-center rounded-md bg-blue-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-blue-800"
      >
        {labels.visit.replace('{name}', p.name)}
      </OutboundLink>
      <SiteLink
        to={`/vpn-reviews/${p.slug}`}
        className="mt-2 flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 text-center font-semibold text-blue-800 hover:bg-slate-50"
      >
        {labels.readReview.replace('{name}', p.name)}
      </SiteLink>
    </article>
  );
}
