import type { Streaming } from '../../services/content/index.ts';
import { Badge } from './badge';
import { Logo, type LogoData } from './logo';
import { OutboundLink } from './outbound-link';
import { StarRating } from './star-rating';

type Pick = Streaming['providers']['items'][number];
type Labels = Streaming['providers']['labels'];

/**
 * A recommended-provider card (spec §3 Review-page provider card): list-card stars, badge, speed, servers, price,
 * features, pros and cons, and an outbound button through /go/<slug>.
 */
export function PickCard({ pick, name, logo, labels, from }: { pick: Pick; name: string; logo: LogoData; labels: Labels; from: string }) {
  const facts = [[labels.speed, pick.speed], [labels.servers, pick.servers], [labels.price, pick.price]] as const;
  return (
    <article data-testid="pick-card" className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <Logo {...logo} size={36} />
          <div>
            <h3 className="text-lg font-bold">{name}</h3>
            <StarRating rating={pick.rating} rule="floor" />
          </div>
        </div>
        <Badge variant={pick.badge.variant}>{pick.badge.text}</Badge>
      </div>
      <p className="mt-3 text-sm leading-6 text-slate-700">{pick.description}</p>
      <dl className="mt-4 space-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2"><dt className="text-slate-600">{label}</dt><dd className="font-medium">{value}</dd></div>
        ))}
      </dl>
      <ul className="mt-4 flex flex-wrap gap-1.5">
        {pick.features.map((f) => <li key={f}><Badge variant="secondary">{f}</Badge></li>)}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <h4 className="font-semibold text-green-800">{labels.pros}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-4 text-slate-700">{pick.pros.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
        <div>
          <h4 className="font-semibold text-red-800">{labels.cons}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-4 text-slate-700">{pick.cons.map((c) => <li key={c}>{c}</li>)}</ul>
        </div>
      </div>
      <div className="mt-auto pt-6">
        <OutboundLink provider={pick.provider} from={from} placement="streaming-card" className="block rounded-md bg-blue-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-blue-800">
          {pick.cta}
        </OutboundLink>
      </div>
    </article>
  );
}
