import { LANDING_HEADING, Paragraphs, Section } from '../components/section';
import type { Route } from './+types/streaming';
import { Faq } from '../components/faq';
import { Icon } from '../components/icon';
import { IconTiles } from '../components/icon-tiles';
import { PickCard } from '../components/pick-card';
import { planOf } from '../../services/content/figure-format.ts';
import { getContent } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { faqPage } from '../lib/structured-data';
import { PageHero } from '../components/page-hero';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';

const PATH = '/vpn-streaming';

export function loader() {
  const { site, streaming, providers } = getContent().content;
  if (!streaming) throw new Response('Not Found', { status: 404 });
  const bySlug = new Map(providers.map((p) => [p.slug, p]));
  const cards = streaming.providers.items.map((pick) => {
    const { name, logo, logoSvg, rating, servers, countries, ...p } = bySlug.get(pick.provider)!;
    return { name, logo, logoSvg, rating, servers, countries, plan: planOf({ ...p, slug: pick.provider }, pick.plan)! };
  });
  return { page: streaming, url: site.url, cards };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH, { jsonLd: [faqPage(loaderData.page.faq.items)] });
}

export default function StreamingPage({ loaderData }: Route.ComponentProps) {
  const { page, cards } = loaderData;
  return (
    <>
      <PageHero title={page.hero.title} subtitle={page.hero.subtitle} />
      <div className="mx-auto max-w-6xl px-4">
        <Section headingId="services" title={page.services.title} className="mt-14" headingClassName={LANDING_HEADING}>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {page.services.items.map((s) => (
              <div key={s.name} data-testid="service-tile" className="rounded-xl border border-slate-200 bg-white p-6">
                <Icon name={s.icon} size={28} className="text-blue-700" />
                <h3 className="mt-3 text-lg font-semibold">{s.name}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{s.description}</p>
                <p className="mt-3 text-sm">
                  <span className="font-semibold">{page.services.regionsLabel}</span> {s.regions.join(', ')}
                </p>
              </div>
            ))}
          </div>
        </Section>
        <Section headingId="picks" title={page.providers.title} className="mt-16" headingClassName={LANDING_HEADING} data-outbound-group="">
          <AffiliateDisclosure className="mx-auto mt-3 max-w-2xl text-center" providers={page.providers.items} />
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {page.providers.items.map((pick, i) => (
              <PickCard key={pick.provider} pick={pick} provider={cards[i]!} labels={page.providers.labels} from={PATH} />
            ))}
          </div>
        </Section>
        <Section headingId="tips" title={page.tips.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <IconTiles items={page.tips.items} />
        </Section>
        <Section headingId="issues" title={page.issues.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {page.issues.items.map((i) => (
              <div key={i.issue} data-testid="issue" className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="font-semibold">{i.issue}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">
                  <span className="font-semibold text-green-800">{page.issues.solutionLabel}</span> {i.solution}
                </p>
              </div>
            ))}
          </div>
        </Section>
        <Section headingId="why" title={page.why.title} className="mt-16 rounded-xl bg-blue-50 p-8" headingClassName={LANDING_HEADING}>
          <Paragraphs texts={page.why.text} className="mx-auto mt-4 max-w-3xl text-center leading-7 text-slate-700" />
          <IconTiles items={page.why.features} columns={3} />
        </Section>
        <Faq heading={page.faq.title} items={page.faq.items} />
      </div>
    </>
  );
}
