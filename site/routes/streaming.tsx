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
import { formatMbps, speedFigures } from '../../services/content/speed.ts';
import { noteFor } from '../lib/pick-sets';
import { shownPickSet } from '../lib/pick-sets.server';
import { PickMeasure, PickRanking } from '../components/pick-ranking';

const PATH = '/vpn-streaming';

export function loader() {
  const { site, streaming } = getContent().content;
  if (!streaming) throw new Response('Not Found', { status: 404 });
  const { set, providers: picked } = shownPickSet(streaming.providers.picks);
  const { labels, cta, notes } = streaming.providers;
  const cards = picked.map((full) => {
    const { name, logo, logoSvg, rating, servers, countries } = full;
    const note = noteFor(notes, full.slug);
    const download = speedFigures(full.review?.speed)?.download;
    const pick = {
      provider: full.slug,
      badge: `${set.column}: ${set.ranking.find((r) => r.slug === full.slug)!.text}`,
      ...(note ? { description: note.description } : {}),
      ...(download === undefined ? {} : { speed: labels.speedText.replace('{download}', formatMbps(download)) }),
      features: note?.features ?? [],
      pros: note?.pros ?? [],
      cons: note?.cons ?? [],
      cta: cta.replace('{name}', name),
    };
    return { pick, provider: { name, logo, logoSvg, rating, servers, countries, plan: planOf(full)! } };
  });
  const { notes: _notes, ...shownProviders } = streaming.providers;
  return { page: { ...streaming, providers: shownProviders }, url: site.url, cards, set };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH, { jsonLd: [faqPage(loaderData.page.faq.items)] });
}

export default function StreamingPage({ loaderData }: Route.ComponentProps) {
  const { page, cards, set } = loaderData;
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
          <PickMeasure set={set} className="mx-auto mt-3 max-w-2xl text-center" />
          <AffiliateDisclosure className="mx-auto mt-2 max-w-2xl text-center" providers={cards.map((c) => c.pick)} />
          <div className="mt-8 grid gap-6 md:grid-cols-3" data-pick-set={set.by}>
            {cards.map((c) => (
              <div key={c.pick.provider} data-pick={c.pick.provider} className="flex">
                <PickCard pick={c.pick} provider={c.provider} labels={page.providers.labels} from={PATH} />
              </div>
            ))}
          </div>
          <PickRanking set={set} title={page.providers.rankingTitle} className="mx-auto mt-8 max-w-2xl" />
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
