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
import { formatLongDate, planOf } from '../../services/content/figure-format.ts';
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
  const bySlug = new Map(providers.map((p) => [p.slug, p]));
  const names = Object.fromEntries(providers.map((p) => [p.slug, { name: p.name, logo: { emoji: p.logo, svg: p.logoSvg } }]));
  const cards = deals.deals.map((d) => ({ rating: bySlug.get(d.provider)!.rating, plan: planOf(bySlug.get(d.provider)!, d.plan)! }));
  // The build's date decides the page's first state; the browser's takes over after hydration (site/lib/offers.ts).
  return { page: deals, url: site.url, names, cards, today: today() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH, { jsonLd: [faqPage(loaderData.page.faq.items)] });
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { page, names, cards } = loaderData;
  const day = useToday(loaderData.today);
  const sale = offerState(page.flashSale, day);
  const states = page.deals.map((d) => offerState(d, day));
  // Everything that speaks of a limited-time offer follows the offers' dates, as the banner does.
  const anyRunning = sale === 'running' || states.includes('running');
  const badge = (
    <Badge variant={anyRunning ? 'destructive' : 'secondary'} className="px-3 py-1 text-sm">
      <span data-testid="deals-badge" data-state={anyRunning ? 'running' : 'none'}>
        {anyRunning ? page.hero.badge : page.hero.badgeAfter}
      </span>
    </Badge>
  );
  const validity = (d: (typeof page.deals)[number], state: (typeof states)[number]) =>
    state === 'running'
      ? [page.offerLabels.validUntil.replace('{date}', formatLongDate(d.endsOn))]
      : state === 'upcoming'
        ? [page.offerLabels.startsOn.replace('{date}', formatLongDate(d.startsOn))]
        : [];
  return (
    <>
      <PageHero title={page.hero.title} subtitle={page.hero.subtitle} before={badge}>
        <ul className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3" data-testid="trust-points">
          {page.hero.trust.map((t) => (
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
        <Section headingId="deals" title={page.dealsTitle} className="mt-14" headingClassName={LANDING_HEADING} data-outbound-group="">
          <AffiliateDisclosure className="mx-auto mt-3 max-w-2xl text-center" providers={page.deals} />
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {page.deals.map((d, i) => (
              <DealCard
                key={d.provider}
                heading={names[d.provider]!.name}
                level="h3"
                logo={names[d.provider]!.logo}
                rating={cards[i]!.rating}
                badge={d.badge}
                plan={cards[i]!.plan}
                notes={[
                  ...(cards[i]!.plan.discount === undefined
                    ? []
                    : [fillLabel(page.offerLabels.savings, 'savings', <YearlySavings plan={cards[i]!.plan} />)]),
                  ...validity(d, states[i]!),
                ]}
                features={d.features}
                cta={{ provider: d.provider, destination: d.link, from: PATH, placement: 'deal-card', label: d.cta }}
              />
            ))}
          </div>
        </Section>
        <Section headingId="special" title={page.whySpecial.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <IconTiles items={page.whySpecial.points} />
        </Section>
        <Section headingId="who" title={page.whoFor.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {page.whoFor.items.map((item) => (
              <div
                key={item.audience}
                className="rounded-xl border border-slate-200 bg-white p-6"
                data-testid="who-for"
                data-provider={item.provider}
              >
                <Icon name={item.icon} size={28} className="text-blue-700" />
                <h3 className="mt-3 text-lg font-semibold">{item.audience}</h3>
                <p className="mt-1 flex items-center gap-2 text-xl font-bold">
                  <Logo {...names[item.provider]!.logo} size={24} />
                  {names[item.provider]!.name}
                </p>
                <p className="mt-2 text-sm leading-6 text-slate-700">{item.reason}</p>
                <SiteLink
                  to={`/vpn-reviews/${item.provider}`}
                  className="mt-3 inline-block text-sm font-semibold text-blue-800 hover:underline"
                >
                  {page.whoFor.readReview.replace('{name}', names[item.provider]!.name)}
                </SiteLink>
              </div>
            ))}
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
