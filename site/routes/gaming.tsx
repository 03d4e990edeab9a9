import type { Route } from './+types/gaming';
import { DealCard } from '../components/deal-card';
import { IconTiles } from '../components/icon-tiles';
import { getContent } from '../lib/content.server';
import { pageMeta } from '../lib/meta';

const PATH = '/vpn-gaming';

export function loader() {
  const { site, gaming, providers } = getContent().content;
  if (!gaming) throw new Response('Not Found', { status: 404 });
  const names = Object.fromEntries(providers.map((p) => [p.slug, { name: p.name, logo: { emoji: p.logo, svg: p.logoSvg } }]));
  return { page: gaming, url: site.url, names };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH);
}

export default function Gaming({ loaderData }: Route.ComponentProps) {
  const { page, names } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-indigo-900 to-slate-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{page.hero.title}</h1>
          <p className="mx-auto mt-5 max-w-3xl text-lg text-indigo-100">{page.hero.subtitle}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4">
        <section className="mt-14" aria-labelledby="benefits">
          <h2 id="benefits" className="text-center text-3xl font-bold">{page.benefits.title}</h2>
          <IconTiles items={page.benefits.items} />
        </section>
        <section className="mt-16" aria-labelledby="deals">
          <h2 id="deals" className="text-center text-3xl font-bold">{page.dealsTitle}</h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {page.deals.map((d) => (
              <DealCard
                key={d.provider}
                heading={names[d.provider]!.name}
                level="h3"
                logo={names[d.provider]!.logo}
                rating={d.rating}
                badge={d.badge}
                price={d.dealPrice}
                originalPrice={d.originalPrice}
                discount={d.discount}
                period={d.period}
                features={d.features}
                extra={<p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900" data-testid="ping">{page.pingLabel.replace('{ms}', String(d.pingMs))}</p>}
                cta={{ provider: d.provider, link: d.affiliate, from: PATH, placement: 'gaming-card', label: d.cta }}
              />
            ))}
          </div>
        </section>
        <section className="mt-16" aria-labelledby="tips">
          <h2 id="tips" className="text-center text-3xl font-bold">{page.tips.title}</h2>
          {page.tips.intro?.map((t) => <p key={t} className="mx-auto mt-4 max-w-3xl text-center text-slate-700">{t}</p>)}
          <IconTiles items={page.tips.items} />
        </section>
      </div>
    </>
  );
}
