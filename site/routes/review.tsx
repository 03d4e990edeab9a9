import { Logo } from '../components/logo';
import { LinkList } from '../components/link-list';
import { Paragraphs, Section } from '../components/section';
import type { Route } from './+types/review';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Badge } from '../components/badge';
import { DealCard } from '../components/deal-card';
import { FeatureTick } from '../components/feature-tick';
import { OutboundLink } from '../components/outbound-link';
import { ProsCons } from '../components/pros-cons';
import { SpeedTable } from '../components/speed-table';
import { StarRating } from '../components/star-rating';
import { NotFound, NotFoundBoundary, notFoundMeta } from '../components/not-found';
import { Figure, ProviderFigure } from '../components/figure';
import { isStale, planLabel, planOf } from '../../services/content/figure-format.ts';
import { HISTORY_LABELS, PriceHistoryChart } from '../components/price-history';
import { DEFAULT_MAX_AGE_DAYS } from '../../services/content/figure-checks.ts';
import { getContent, isNotFoundPage, routeFor, today, trailTo } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { breadcrumbs, review as reviewLd } from '../lib/structured-data';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { DiscontinuedNotice } from '../components/discontinued-notice';
import { AuthorBio, Byline } from '../components/byline';
import { MethodLink, Scorecard } from '../components/scorecard';
import { authorOf, comparisonsOf, scorecardOf } from '../lib/editorial.server';
import { DraftRibbon } from '../components/draft-ribbon';
import { ribbonFor } from '../lib/publishing.server';
import { changesOf, resultsOf } from '../lib/evidence.server';
import { RawRuns, TestedOn } from '../components/test-results';
import { ChangeLog } from '../components/change-log';
import { formatMonthYear } from '../../services/content/figure-format.ts';
import { METHOD_PATH } from '../../services/content/paths.ts';

/** A service that has shut down has no current rating: its scorecard's total is the one it had, said as such. */
function withLastRating<T extends { labels: { overall: string } }>(card: T | undefined, last: string | undefined): T | undefined {
  return card && last ? { ...card, labels: { ...card.labels, overall: last } } : card;
}

/** This review's data; null for /vpn-reviews/404, the page served for unknown slugs (see content.server.ts). */
export function loader({ url }: Route.LoaderArgs) {
  if (isNotFoundPage(url)) return null;
  const entry = routeFor(url);
  const index = getContent();
  const { site, reviews, methodology } = index.content;
  const p = index.providers.get(entry.slug!);
  if (!p?.review || !reviews) throw new Response('Not Found', { status: 404 });
  const { slug, name, logo, logoSvg, rating, servers, countries, devices, support, owner, review } = p;
  // A provider that has shut down keeps its review, under a notice, and nothing on it sells.
  const discontinued =
    p.status === 'discontinued' && p.discontinued ? { ...p.discontinued, labels: reviews.reviewPage.discontinued } : undefined;
  const plan = planOf(p, review.deal.plan)!;
  const brand = { name: site.brand.name, url: site.url };
  // Search engines hear of the price only while it is fresh and on sale; the card shows it either way, with its age.
  const fresh = !discontinued && !isStale(plan, today(), site.prices.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS);
  const offer = fresh
    ? { price: plan.price, months: plan.months, ...(plan.renewal ? { renewal: plan.renewal } : {}), url: entry.path }
    : undefined;
  // Every plan's observations, for the chart: the card shows the latest, the chart how it got there.
  const history = Object.entries(p.plans).map(([id, pl]) => ({
    id,
    label: planLabel(pl),
    observations: pl.prices.map(({ date, price, regularPrice, renewal }) => ({ date, price, regularPrice, renewal })),
  }));
  const trail = trailTo({ name: reviews.hero.title, path: '/vpn-reviews' }, { name: review.title, path: entry.path });
  return {
    path: entry.path,
    url: site.url,
    brand,
    trail,
    labels: reviews.reviewPage,
    historyLabels: reviews.reviewPage.priceHistory ?? HISTORY_LABELS,
    history,
    provider: { slug, name, logo, logoSvg, rating, servers, countries, devices, support, owner },
    plan,
    review,
    byline: authorOf(review.author),
    scorecard: withLastRating(scorecardOf(p), discontinued?.labels.rating),
    comparisons: comparisonsOf(slug),
    discontinued,
    // Only `vpnsite dev` renders a draft provider's review: a build has no route for it.
    ribbon: ribbonFor({ draft: p.draft }),
    offer,
    updatedLabel: reviews.reviewPage.evidence.updated.replace('{date}', review.updated ? formatMonthYear(review.updated) : ''),
    results: resultsOf(p, methodology, reviews.reviewPage.evidence, today()),
    changes: changesOf(p, reviews.reviewPage.evidence),
    method: methodology && { name: methodology.title, path: METHOD_PATH, version: methodology.version },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta();
  const { review, provider, brand, path, trail } = loaderData;
  const author = loaderData.byline.author;
  const rated = reviewLd(brand, {
    provider: provider.name,
    rating: provider.rating,
    headline: review.title,
    path,
    dateModified: review.updated,
    body: review.verdict.text.join(' '),
    author: author && { name: author.name, jobTitle: author.role },
    ...(loaderData.offer ? { offer: loaderData.offer } : {}),
    evidence: {
      ...(loaderData.results ? { testedOn: loaderData.results.date } : {}),
      ...(loaderData.method ? { method: loaderData.method } : {}),
      corrections: loaderData.changes.filter((c) => c.kind === 'correction').map((c) => ({ date: c.date, text: c.text })),
    },
  });
  return pageMeta(review.meta, loaderData.url, path, { type: 'article', jsonLd: [rated, breadcrumbs(loaderData.url, trail)] });
}

export const ErrorBoundary = NotFoundBoundary;

export default function Review({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFound />;
  const {
    provider: p,
    review: r,
    labels,
    path,
    plan,
    byline,
    scorecard,
    comparisons,
    discontinued,
    ribbon,
    history,
    historyLabels,
    results,
    changes,
  } = loaderData;
  const stats = [
    [labels.stats.servers, <ProviderFigure key="servers" slug={p.slug} figure="servers" value={p.servers} />],
    [labels.stats.countries, <ProviderFigure key="countries" slug={p.slug} figure="countries" value={p.countries} />],
    [labels.stats.devices, <ProviderFigure key="devices" slug={p.slug} figure="devices" value={p.devices} />],
    [labels.stats.support, p.support],
    [labels.stats.owner, p.owner],
  ] as const;
  return (
    <>
      {/* Only `vpnsite dev` shows drafts: a build has none, so its pages carry no ribbon code. */}
      {import.meta.env.DEV && ribbon && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <DraftRibbon {...ribbon} />
        </div>
      )}
      {discontinued && <DiscontinuedNotice name={p.name} on={discontinued.on} reason={discontinued.reason} labels={discontinued.labels} />}
      <section className="bg-gradient-to-br from-blue-800 to-indigo-900 text-white">
        <div className={`mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 ${discontinued ? '' : 'lg:grid-cols-[1fr_22rem]'}`}>
          <div>
            <Breadcrumbs trail={loaderData.trail} dark />
            <p className="mt-4">
              <Logo emoji={p.logo} svg={p.logoSvg} size={64} />
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{r.title}</h1>
            <p className="mt-4 max-w-2xl text-lg text-blue-100">{r.tagline}</p>
            <div
              className="mt-5 flex flex-wrap items-center gap-4 rounded-lg bg-white/95 px-4 py-2 text-slate-900 w-fit"
              data-testid="review-rating"
              // A service that has shut down has no current rating for search to show beside it.
              data-pagefind-meta={discontinued ? undefined : `rating:${p.rating}`}
              data-archived-review={discontinued ? '' : undefined}
            >
              {discontinued ? (
                // A service that has shut down has no current rating: the last one, said as such, and no stars.
                <span className="text-sm font-semibold" data-testid="last-rating">
                  {discontinued.labels.rating.replace('{rating}', String(p.rating))}
                </span>
              ) : (
                <Figure of={`${p.slug}/rating`}>
                  <StarRating rating={p.rating} rule="at-most" size={20} />
                </Figure>
              )}
              {r.badge && <Badge variant={r.badge.variant}>{r.badge.text}</Badge>}
            </div>
            <Byline {...byline} updated={r.updated} updatedLabel={loaderData.updatedLabel} className="mt-4 text-blue-100" />
          </div>
          {!discontinued && (
            <div data-outbound-group="">
              <DealCard
                heading={r.deal.title}
                level="h2"
                plan={plan}
                notes={[plan.guarantee]}
                cta={{ provider: p.slug, from: path, placement: 'review-deal', label: r.deal.cta }}
              />
              <div className="mt-3 rounded-lg bg-white/95 px-4 py-2">
                <AffiliateDisclosure />
              </div>
            </div>
          )}
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4">
        <dl
          className="-mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:grid-cols-5"
          data-testid="review-stats"
        >
          {stats.map(([label, value]) => (
            <div key={label} className="text-center">
              <dt className="text-sm text-slate-600">{label}</dt>
              {/* A figure stays on one line at every width: the words (support, owner) get the smaller size. */}
              <dd
                className={`mt-1 font-bold ${label === labels.stats.owner ? 'text-base leading-8 md:text-lg' : label === labels.stats.support ? 'whitespace-nowrap text-base leading-8 md:text-lg' : 'whitespace-nowrap text-2xl'}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Section headingId="overview" title={labels.overview} className="mt-12">
          <Paragraphs texts={r.overview} className="mt-4 leading-7 text-slate-700" />
        </Section>
        {scorecard && (
          <Section headingId="scorecard" title={scorecard.labels.title} className="mt-12">
            <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6">
              <Scorecard {...scorecard} />
              <MethodLink label={scorecard.labels.method} className="mt-2 text-sm" />
            </div>
          </Section>
        )}
        <Section headingId="features" title={labels.features} className="mt-12">
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {(
              [
                [labels.security, r.features.security],
                [labels.streaming, r.features.streaming],
              ] as const
            ).map(([title, list]) => (
              <div key={title} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold">{title}</h3>
                <ul className="mt-3 space-y-2">
                  {list.map((f) => (
                    <FeatureTick key={f.label} label={f.label} ok={f.available} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </Section>
        {/* An untested provider has no results to show: its scorecard says its speed is not tested yet. */}
        {results && r.speed && (
          <Section headingId="speed" title={labels.speed} className="mt-12">
            <TestedOn results={results} />
            <SpeedTable speed={r.speed} labels={labels} provider={p.slug} />
            <RawRuns results={results} />
          </Section>
        )}
        <Section headingId="price-history" title={historyLabels.title} className="mt-12">
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {history.map((h) => (
              <PriceHistoryChart key={h.id} plan={h} provider={p.slug} labels={historyLabels} />
            ))}
          </div>
        </Section>
        <section className="mt-12">
          <ProsCons pros={r.pros} cons={r.cons} labels={labels} />
        </section>
        <Section
          headingId="verdict"
          title={r.verdict.title}
          className="mt-12 rounded-xl bg-blue-50 p-8 text-center"
          {...(discontinued ? {} : { 'data-outbound-group': '' })}
        >
          <Paragraphs texts={r.verdict.text} className="mx-auto mt-4 max-w-3xl leading-7 text-slate-700" />
          {!discontinued && (
            <>
              <OutboundLink
                provider={p.slug}
                from={path}
                placement="review-verdict"
                className="mt-6 inline-block rounded-md bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800"
              >
                {r.verdict.cta}
              </OutboundLink>
              <AffiliateDisclosure className="mx-auto mt-4 max-w-2xl" />
            </>
          )}
        </Section>
        <ChangeLog title={labels.evidence.changes} items={changes} />
        {comparisons && (
          <Section headingId="comparisons" title={comparisons.title} className="mt-12">
            <LinkList
              links={comparisons.links.map((l) => ({ to: l.path, text: l.name }))}
              className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3"
              testId="review-comparisons"
            />
          </Section>
        )}
        {byline.author && <AuthorBio author={byline.author} heading={byline.about} />}
      </div>
    </>
  );
}
