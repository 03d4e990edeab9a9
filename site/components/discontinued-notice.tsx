import { formatLongDate } from '../../services/content/figure-format.ts';
import { Icon } from './icon';
import { SiteLink } from './site-link';

export interface DiscontinuedLabels {
  title: string;
  text: string;
  link: string;
}

/**
 * The notice at the top of a discontinued provider's review: the review stays for whoever arrives at it (a search
 * result, an old link, /go/<slug>), and says first that the service is gone and where to look instead.
 */
export function DiscontinuedNotice({ name, on, reason, labels }: { name: string; on: string; reason: string; labels: DiscontinuedLabels }) {
  const date = formatLongDate(on);
  const fill = (t: string) => t.replaceAll('{name}', name).replaceAll('{date}', date).replaceAll('{reason}', reason);
  return (
    <aside
      role="note"
      aria-labelledby="discontinued"
      data-testid="discontinued-notice"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl gap-3 px-4 py-5">
        <Icon name="alert-triangle" size={24} className="mt-0.5 shrink-0 text-amber-700" />
        <div>
          <h2 id="discontinued" className="text-lg font-bold">
            {fill(labels.title)}
          </h2>
          <p className="mt-1 max-w-3xl leading-7">{fill(labels.text)}</p>
          <p className="mt-2">
            <SiteLink to="/vpn-reviews" className="font-semibold text-amber-900 underline hover:text-amber-700">
              {labels.link}
            </SiteLink>
          </p>
        </div>
      </div>
    </aside>
  );
}
