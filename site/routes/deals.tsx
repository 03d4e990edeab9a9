import { Logo } from '../components/logo';
import { SiteLink } from '../components/site-link';
import { LANDING_HEADING, Section } from '../components/section';
import type { Route } from './+types/deals';
import { Badge } from '../components/badge';
import { DealCard } from '../components/deal-card';
import { Faq } from '../components/faq';
import { FlashSaleBanner } from '../components/flash-sale-banner';
import { Icon } from '../components/icon';
import { IconTiles } from '../components/icon-tiles';
import { formatLongDate, isStale, planOf } from '../../services/content/figure-format.ts';
import { DEFAULT_MAX_AGE_DAYS } from '../../services/content/figure-checks.ts';
import { noteFor } from '../lib/pick-sets';
import { shownPickSet } from '../lib/pick-sets.server';
import { PickMeasure, PickRanking } from '../components/pick-ranking';
import { fillLabel, YearlySavings } from '../components/figure';
import { getContent, today } from '../lib/content.server';
import { offerState, useToday } from '../lib/offers';
import { pageMeta } from '../lib/meta';
import { faqPage } from '../lib/structured-data';
import { PageHero } from '../components/page-hero';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';

const PATH = '/vpn-deals';

export function loader() {
  const { site, deals, providers } = getContent().content;
  if (!deals) throw new Response('Not Found', { status: 404 });
  const day = today();
  // An offer that has ended, or not begun, takes its card off the page; the next provider by the measure gets it.
  const offOn = (slug: string) => {
    const n = noteFor(deals.notes, slug);
    return !!n && ((n.endsOn !== undefined && day > n.endsOn) || (n.startsOn !== undefined && day < n.startsOn));
  };
  const { set, providers: picked } = shownPickSet(deals.picks, (p) => offOn(p.slug));
  const names = Object.fromEntries(providers.map((p) => [p.slug, { name: p.name, logo: { emoji: p.logo, svg: p.logoSvg } }]));
  const cards = picked.map((p) => ({ provider: p.slug, rating: p.rating, plan: planOf(p)!, note: noteFor(deals.notes, p.slug) }));
  // The words that say the prices are current are earned only while every price the page shows is.
  const maxAge = site.prices?.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS;
  const shown = new Set([...set.picks, ...set.ranking.map((r) => r.slug)]);
  const fresh = providers.filter((p) => shown.has(p.slug)).every((p) => !isStale(planOf(p)!, day, maxAge));
  const who = deals.whoFor.items.map((item) => shownPickSet({ by: item.by, count: 1 }).set);
  const { notes: _notes, ...page } = deals;
  // The build's date decides the page's first state; the browser's takes over after hydration (site/lib/offers.ts).
  return { page, url: site.url, names, cards, set, fresh, who, today: day };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH, { jsonLd: [faqPage(loaderData.page.faq.items)] });
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { page, names, cards, set, fresh, who } = loaderData;
  const day = useToday(loaderData.today);
  const sale = offerState(page.flashSale, day);
  const dated = (n: (typeof cards)[number]['note']) => (n?.startsOn && n.endsOn ? { startsOn: n.startsOn, endsOn: n.endsOn } : undefined);
  const states = cards.map((c) => {
    const d = dated(c.note);
    return d ? offerState(d, day) : 'none';
  });
  // Everything that speaks of a limited-time offer follows the offers' dates, as the banner does.
  const anyRunning = sale === 'running' || states.includes('running');
  const badge = (anyRunning || fresh) && (
    <Badge variant={anyRunning ? 'destructive' : 'secondary'} className="px-3 py-1 text-sm">
      <span data-testid="deals-badge" data-state={anyRunning ? 'running' : 'none'}>
        {anyRunning ? page.hero.badge : page.hero.badgeAfter}
      </span>
    </Badge>
  );
  const checked = !fresh && (
    <p className="text-sm font-medium text-blue-100" data-testid="prices-checked">
      {page.hero.checked}
    </p>
  );
  const validity = (c: (typeof cards)[number], state: (typeof states)[number]) => {
    const d = dated(c.note);
    if (!d) return [];
    return state === 'running'
      ? [page.offerLabels.validUntil.replace('{date}', formatLongDate(d.endsOn))]
      : state === 'upcoming'
        ? [page.offerLabels.startsOn.replace('{date}', formatLongDate(d.startsOn))]
        : [];
  };
  const trust = [...page.hero.trust, ...(fresh ? (page.fresh?.trust ?? []) : [])];
  const subtitle = fresh && page.fresh?.subtitle ? `${page.hero.subtitle} ${page.fresh.subtitle}` : page.hero.subtitle;
  return (
    <>
      <PageHero
        title={page.hero.title}
        subtitle={subtitle}
        before={
          <>
            {badge}
            {checked}
          </>
        }
      >
        <ul className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3" data-testid="trust-points">
          {trust.map((t) => (
            <li key={t.label} className="flex items-center gap-2 font-medium">
              <Icon name={t.icon} size={20} className="text-blue-200" />
              {t.label}
            </li>
          ))}
        </ul>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4">
        {sale === 'running' && (
          <div className="mt-10">
            <FlashSaleBanner sale={page.flashSale} state={sale} />
          </div>
        )}
        <Section
          headingId="deals"
          title={fresh && page.fresh?.dealsTitle ? page.fresh.dealsTitle : page.dealsTitle}
          className="mt-14"
          headingClassName={LANDING_HEADING}
          data-outbound-group=""
        >
          <PickMeasure set={set} className="mx-auto mt-3 max-w-2xl text-center" />
          <AffiliateDisclosure
            className="mx-auto mt-2 max-w-2xl text-center"
            providers={cards.map((c) => ({ provider: c.provider, ...(c.note?.link ? { link: c.note.link } : {}) }))}
          />
          <div className="mt-8 grid gap-6 md:grid-cols-3" data-pick-set={set.by}>
            {cards.map((c, i) => (
              <div key={c.provider} data-pick={c.provider} className="flex">
                <DealCard
                  heading={names[c.provider]!.name}
                  level="h3"
                  logo={names[c.provider]!.logo}
                  rating={c.rating}
                  plan={c.plan}
                  checked={fresh}
                  notes={[
                    ...(c.plan.discount === undefined
                      ? []
                      : [fillLabel(page.offerLabels.savings, 'savings', <YearlySavings plan={c.plan} />)]),
                    ...validity(c, states[i]!),
                  ]}
                  features={c.note?.features}
                  cta={{
                    provider: c.provider,
                    destination: c.note?.link,
                    from: PATH,
                    placement: 'deal-card',
                    label: page.cta.replace('{name}', names[c.provider]!.name),
                  }}
                />
              </div>
            ))}
          </div>
          <PickRanking set={set} title={page.rankingTitle} className="mx-auto mt-8 max-w-2xl" />
        </Section>
        <Section headingId="special" title={page.whySpecial.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <IconTiles items={page.whySpecial.points} />
        </Section>
        <Section headingId="who" title={page.whoFor.title} className="mt-16" headingClassName={LANDING_HEADING}>
          {/* Each card is the top of its own measure, said on it: the cards are in no one order. */}
          <div className="mt-8 grid gap-6 md:grid-cols-3" data-measured="">
            {page.whoFor.items.map((item, i) => {
              const slug = who[i]!.picks[0]!;
              return (
                <div
                  key={item.audience}
                  className="rounded-xl border border-slate-200 bg-white p-6"
                  data-testid="who-for"
                  data-provider={slug}
                >
                  <Icon name={item.icon} size={28} className="text-blue-700" />
                  <h3 className="mt-3 text-lg font-semibold">{item.audience}</h3>
                  <p className="mt-1 flex items-center gap-2 text-xl font-bold">
                    <Logo {...names[slug]!.logo} size={24} />
                    {names[slug]!.name}
                  </p>
                  <p className="mt-1 text-xs font-medium text-slate-600" data-pick-measure={who[i]!.by}>
                    {who[i]!.label}: {who[i]!.ranking[0]?.text}
                  </p>
                  <p className="mt-2 text-sm leading-6 text-slate-700">{item.reason}</p>
                  <SiteLink to={`/vpn-reviews/${slug}`} className="mt-3 inline-block text-sm font-semibold text-blue-800 hover:underline">
                    {page.whoFor.readReview.replace('{name}', names[slug]!.name)}
                  </SiteLink>
                </div>
              );
            })}
          </div>
        </Section>
        <Section headingId="features" title={page.features.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <IconTiles items={page.features.items} />
        </Section>
        <Faq heading={page.faq.title} items={page.faq.items} />
      </div>
    </>
  );
}
