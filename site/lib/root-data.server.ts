import { DEFAULT_MAX_AGE_DAYS } from '../../services/content/figure-checks.ts';
import { METHOD_PATH } from '../../services/content/paths.ts';
import { isPaidTarget, outboundTargets } from '../../services/content/targets.ts';
import { getContent, today } from './content.server';

/** Site-wide content: brand, navigation, footer, the not-found and error texts, and how prices are labelled. */
export function rootData() {
  const { site, methodology } = getContent().content;
  const { brand, nav, footer, notFound, errorPage, url } = site;
  // The © line names the year the site was built in, so that it is never older than the pages it is on.
  const copyrightYear = Number(today().slice(0, 4));
  // The disclosure beside every group of /go/ buttons links to the method page, where commissions are explained.
  // Which buttons pay us ("slug" for /go/<slug>, "slug/link" for a named link): a group of them that all do says so.
  const targets = outboundTargets(getContent().content as Parameters<typeof outboundTargets>[0]);
  const paying = [...targets].flatMap(([slug, t]) => [
    ...(isPaidTarget(targets, slug) ? [slug] : []),
    ...[...t.links.keys()].filter((l) => isPaidTarget(targets, slug, l)).map((l) => `${slug}/${l}`),
  ]);
  const allPaid = site.disclosure.allPaid ?? 'Every provider featured here pays us a commission.';
  const disclosure = {
    text: site.disclosure.text,
    link: site.disclosure.link,
    href: methodology ? METHOD_PATH : undefined,
    allPaid,
    paying,
  };
  // A price is judged fresh or stale on the build's day, the same day every page of one build is judged on.
  const prices = {
    checked: site.prices.checked,
    stale: site.prices.stale ?? 'Price checked {date}, over {maxAgeDays} days ago: it may have changed',
    period: site.prices.period,
    maxAgeDays: site.prices.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS,
    today: today(),
  };
  return { brand, nav, footer, copyrightYear, notFound, errorPage, url, prices, disclosure };
}

/** What every page's root route hands its components: the header, the footer and the not-found page read it. */
export type RootData = ReturnType<typeof rootData>;
