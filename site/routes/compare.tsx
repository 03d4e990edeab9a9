import type { Route } from './+types/compare';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { NotFound, NotFoundBoundary, notFoundMeta } from '../components/not-found';
import { cardFields, ProviderCard } from '../components/provider-card';
import { MethodLink, Scorecard } from '../components/scorecard';
import { SiteLink } from '../components/site-link';
import { PairFigures } from '../components/pair-figures';
import { Paragraphs, Section } from '../components/section';
import { Breadcrumbs } from '../components/breadcrumbs';
import { SpeedTable } from '../components/speed-table';
import { COMPARE_PATH } from '../../services/content/paths.ts';
import { pairText } from '../../services/content/routes.ts';
import { planOf } from '../../services/content/figure-format.ts';
import type { Provider } from '../../services/content/index.ts';
import { getContent, isNotFoundPage, routeFor, trailTo } from '../lib/content.server';
import { pairs, scorecardOf } from '../lib/editorial.server';
import { listOf, type Side } from '../lib/compare-pair';
import { DEFAULT_TIE_MARGIN, locationSplit, scoreVerdicts } from '../../services/content/pair-claims.ts';
import { PairLocations } from '../components/pair-locations';
import { pageMeta } from '../lib/meta';
import { breadcrumbs } from '../lib/structured-data';

/** The places a provider's speed tests were run at: which the two share decides how their tables compare. */
const locationsOf = (speed: Provider['review'] extends infer R ? (R extends { speed: infer S } ? S : never) : never) =>
  speed.tests.map((t) => t.location);

/** What the page shows of one side of the pair: its card, its owner, its plan, its speed tests and its scores. */
const side = (p: Provider) => ({
  ...cardFields(p),
  owner: p.owner,
  plan: planOf(p)!,
  review: { title: p.review!.title, speed: p.review!.speed },
  scorecard: scorecardOf(p),
});

/** The two providers of this pair, the words of every pair page, and the editor's own file for this one if any. */
export function loader({ url }: Route.LoaderArgs) {
  if (isNotFoundPage(url)) return null;
  const entry = routeFor(url);
  const index = getContent();
  const { site, comparison, reviews, methodology } = index.content;
  const pair = pairs().find((p) => p.slug === entry.slug);
  if (!comparison || !pair || !reviews) throw new Response('Not Found', { status: 404 });
  const a = side(index.providers.get(pair.a)!);
  const b = side(index.providers.get(pair.b)!);
  const own = index.content.pairs.find((p) => p.slug === pair.slug);
  const t = comparison.pair;
  const fill = (s: string) => pairText(s, a.name, b.name);
  const trail = trailTo({ name: t.breadcrumb, path: COMPARE_PATH }, { name: fill(t.title), path: entry.path });
  return {
    url: site.url,
    path: entry.path,
    trail,
    meta: {
      title: entry.title,
      description: entry.description,
      keywords: fill(t.keywords)
        .split(',')
        .map((k) => k.trim().toLowerCase()),
    },
    title: fill(t.title),
    intro: fill(t.intro),
    cards: fill(t.cards),
    t,
    yes: comparison.yes,
    no: comparison.no,
    cta: comparison.columns.visit,
    speedLabels: { baseline: reviews.reviewPage.baseline, median: reviews.reviewPage.median, columns: reviews.reviewPage.columns },
    tieMargin: comparison.pairs.tieMargin ?? DEFAULT_TIE_MARGIN,
    locations: locationSplit(locationsOf(a.review.speed), locationsOf(b.review.speed)),
    criteria: methodology?.criteria.map(({ id, name }) => ({ id, name })) ?? [],
    method: methodology?.labels.method,
    a,
    b,
    own: own ? { intro: own.intro ?? [], verdict: own.verdict ?? [] } : { intro: [], verdict: [] },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta();
  const { meta: m, url, path, trail } = loaderData;
  return pageMeta(m, url, path, { jsonLd: [breadcrumbs(url, trail)] });
}

export const ErrorBoundary = NotFoundBoundary;

/** The editor's own paragraphs, before and after the figures. */
const TEXT = 'mt-4 leading-7 text-slate-700';

export default function Compare({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFound />;
  const { t, a, b, path, yes, no, criteria } = loaderData;
  // The scores decide every criterion, speed included, with one stated tie margin: the verdicts, the scores block
  // and the overall verdict then read the same numbers.
  const verdicts = a.scorecard && b.scorecard ? scoreVerdicts(criteria, a.scorecard.scores, b.scorecard.scores, loaderData.tieMargin) : {};
  const wonBy = (s: Side) => criteria.filter((c) => verdicts[c.id] === s).map((c) => c.name.toLowerCase());
  const tested = criteria.filter((c) => verdicts[c.id] && verdicts[c.id] !== 'untested').length;
  const [winner, loser] = a.rating >= b.rating ? [a, b] : [b, a];
  const overall =
    a.rating === b.rating
      ? t.overallTie
          .replaceAll('{a}', a.name)
          .replaceAll('{b}', b.name)
          .replace('{rating}', String(a.rating))
          .replace('{aWins}', String(wonBy('a').length))
          .replace('{bWins}', String(wonBy('b').length))
      : t.overallWinner
          .replace('{winner}', winner.name)
          .replace('{loser}', loser.name)
          .replace('{winnerRating}', String(winner.rating))
          .replace('{loserRating}', String(loser.rating))
          .replace('{wins}', String(wonBy(winner === a ? 'a' : 'b').length))
          .replace('{total}', String(tested));
  const sides = [
    ['a', a],
    ['b', b],
  ] as const;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12" data-testid="compare-pair" data-a={a.slug} data-b={b.slug}>
      <Breadcrumbs trail={loaderData.trail} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{loaderData.title}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">{loaderData.intro}</p>
        <Paragraphs texts={loaderData.own.intro} className={TEXT} testId="editor-intro" />
      </header>

      <Section headingId="cards" title={loaderData.cards} className="mt-10" data-outbound-group="">
        <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2">
          {[a, b].map((p) => (
            <ProviderCard
              key={p.slug}
              p={{ ...p, featured: false }}
              from={path}
              placement="compare-card"
              labels={{ featured: '', cta: t.visit }}
            />
          ))}
        </div>
        <AffiliateDisclosure className="mt-4 text-center" />
      </Section>

      <Section headingId="figures" title={t.figures} className="mt-12">
        <PairFigures a={a} b={b} t={t} yes={yes} no={no} />
      </Section>

      {a.scorecard && b.scorecard && (
        <Section headingId="scores" title={t.scores} className="mt-12">
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {[a, b].map((p) => (
              <div key={p.slug} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="mb-4 text-lg font-semibold">{p.name}</h3>
                <Scorecard {...p.scorecard!} compact />
              </div>
            ))}
          </div>
          {loaderData.method && <MethodLink label={loaderData.method} className="mt-3 text-sm" />}
        </Section>
      )}

      <Section headingId="speed" title={t.speed} className="mt-12">
        <PairLocations a={a} b={b} t={t} split={loaderData.locations} location={loaderData.speedLabels.columns.location} />
        <div className="mt-2 grid gap-8 lg:grid-cols-2">
          {[a, b].map((p) => (
            <div key={p.slug} className="min-w-0" data-testid="pair-speed" data-provider={p.slug}>
              <h3 className="mt-4 text-lg font-semibold">{p.name}</h3>
              {p.review.speed && <SpeedTable speed={p.review.speed} labels={loaderData.speedLabels} provider={p.slug} />}
            </div>
          ))}
        </div>
      </Section>

      {criteria.length > 0 && a.scorecard && b.scorecard && (
        <Section headingId="verdicts" title={t.verdicts} className="mt-12">
          <p className="mt-2 text-sm text-slate-700" data-testid="tie-rule">
            {t.tieRule.replace('{margin}', String(loaderData.tieMargin))}
          </p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="criterion-verdicts">
            {criteria.map((c) => {
              const v = verdicts[c.id];
              const text =
                v === 'a'
                  ? t.wins.replace('{name}', a.name)
                  : v === 'b'
                    ? t.wins.replace('{name}', b.name)
                    : v === 'tie'
                      ? t.tie
                      : t.untested;
              return (
                <li key={c.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm" data-criterion={c.id} data-verdict={v}>
                  <span className="font-medium">{c.name}</span>
                  <span className={v === 'a' || v === 'b' ? 'font-semibold text-green-800' : 'text-slate-600'}>{text}</span>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      <Section headingId="overall" title={t.overall} className="mt-12 rounded-xl bg-blue-50 p-8">
        <p className="mt-4 leading-7 text-slate-800" data-testid="overall-verdict">
          {overall}
        </p>
        {sides.map(
          ([s, p]) =>
            wonBy(s).length > 0 && (
              <p key={s} className="mt-2 leading-7 text-slate-700">
                {t.ahead.replace('{name}', p.name).replace('{list}', listOf(wonBy(s)))}
              </p>
            ),
        )}
        <Paragraphs texts={loaderData.own.verdict} className={TEXT} testId="editor-verdict" />
        <div className="mt-6 flex flex-wrap gap-4">
          {[a, b].map((p) => (
            <SiteLink
              key={p.slug}
              to={`/vpn-reviews/${p.slug}`}
              className="rounded-md border border-blue-700 px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-100"
            >
              {t.readReview.replace('{name}', p.name)}
            </SiteLink>
          ))}
        </div>
      </Section>
    </div>
  );
}
