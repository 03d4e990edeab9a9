import { LANDING_HEADING, Paragraphs, Section } from '../components/section';
import type { Route } from './+types/gaming';
import { DealCard } from '../components/deal-card';
import { IconTiles } from '../components/icon-tiles';
import { planOf } from '../../services/content/figure-format.ts';
import { formatMs, speedFigures } from '../../services/content/speed.ts';
import { getContent } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { fillLabel, Figure } from '../components/figure';
import { noteFor } from '../lib/pick-sets';
import { shownPickSet } from '../lib/pick-sets.server';
import { PickMeasure, PickRanking } from '../components/pick-ranking';

const PATH = '/vpn-gaming';

export function loader() {
  const { site, gaming } = getContent().content;
  if (!gaming) throw new Response('Not Found', { status: 404 });
  // The picks are the top of the page's measure: only what the cards show ships to the page.
  const { set, providers: picked } = shownPickSet(gaming.picks);
  const cards = picked.map((p) => {
    const ping = speedFigures(p.review?.speed)?.ping;
    return {
      provider: p.slug,
      features: noteFor(gaming.notes, p.slug)?.features ?? [],
      name: p.name,
      logo: { emoji: p.logo, svg: p.logoSvg },
      rating: p.rating,
      plan: planOf(p)!,
      ping: ping === undefined ? undefined : formatMs(ping),
    };
  });
  const { notes: _notes, ...page } = gaming;
  return { page, url: site.url, cards, set };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH);
}

export default function Gaming({ loaderData }: Route.ComponentProps) {
  const { page, cards, set } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-indigo-900 to-slate-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{page.hero.title}</h1>
          <p className="mx-auto mt-5 max-w-3xl text-lg text-indigo-100">{page.hero.subtitle}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4">
        <Section headingId="benefits" title={page.benefits.title} className="mt-14" headingClassName={LANDING_HEADING}>
          <IconTiles items={page.benefits.items} />
        </Section>
        <Section headingId="deals" title={page.dealsTitle} className="mt-16" headingClassName={LANDING_HEADING} data-outbound-group="">
          <PickMeasure set={set} className="mx-auto mt-3 max-w-2xl text-center" />
          <AffiliateDisclosure className="mx-auto mt-2 max-w-2xl text-center" providers={cards} />
          <div className="mt-8 grid gap-6 md:grid-cols-3" data-pick-set={set.by}>
            {cards.map((c) => (
              <div key={c.provider} data-pick={c.provider} className="flex">
                <DealCard
                  heading={c.name}
                  level="h3"
                  logo={c.logo}
                  rating={c.rating}
                  plan={c.plan}
                  features={c.features}
                  extra={
                    c.ping && (
                      <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900" data-testid="ping">
                        {fillLabel(page.pingLabel, 'ping', <Figure of={`${c.provider}/ping`}>{c.ping}</Figure>)}
                      </p>
                    )
                  }
                  cta={{ provider: c.provider, from: PATH, placement: 'gaming-card', label: page.cta.replace('{name}', c.name) }}
                />
              </div>
            ))}
          </div>
          <PickRanking set={set} title={page.rankingTitle} className="mx-auto mt-8 max-w-2xl" />
        </Section>
        <Section headingId="tips" title={page.tips.title} className="mt-16" headingClassName={LANDING_HEADING}>
          <Paragraphs texts={page.tips.intro} className="mx-auto mt-4 max-w-3xl text-center text-slate-700" />
          <IconTiles items={page.tips.items} />
        </Section>
      </div>
    </>
  );
}
