import { ranked } from '../../services/content/pairs.ts';
import { LANDING_HEADING, Section } from '../components/section';
import type { Route } from './+types/home';
import { IconTile } from '../components/icon-tiles';
import { cardFields, ProviderCard } from '../components/provider-card';
import { BannerLink } from '../components/banner-link';
import { planOf } from '../../services/content/figure-format.ts';
import { getContent } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { organization } from '../lib/structured-data';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { shownPickSet } from '../lib/pick-sets.server';

export function loader() {
  const { site, providers } = getContent().content;
  // The featured card is the top of the measure the page names, never a provider picked by hand.
  const top = shownPickSet({ by: site.home.comparison.featuredBy ?? 'rating', count: 1 }).set;
  return {
    featuredBy: top.label,
    home: site.home,
    url: site.url,
    brand: { name: site.brand.name, url: site.url },
    // Only reviewed providers still in business have a card; one that articles merely mention, or that has shut down, has none.
    providers: providers.filter(ranked).map((p) => ({ ...cardFields(p), featured: p.slug === top.picks[0], plan: planOf(p)! })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.home.meta, loaderData.url, '/', { jsonLd: [organization(loaderData.brand)] });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, comparison } = loaderData.home;
  return (
    <>
      <section className="bg-gradient-to-br from-blue-800 to-indigo-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="mx-auto mt-6 max-w-3xl text-lg text-blue-100">{hero.subtitle}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-3">
            {hero.points.map((point) => (
              <IconTile key={point.title} {...point} look="hero" />
            ))}
          </ul>
          <BannerLink link={hero.cta} className="mt-10" />
        </div>
      </section>
      <Section
        headingId="comparison"
        title={comparison.title}
        className="mx-auto max-w-7xl px-4 py-16"
        headingClassName={LANDING_HEADING}
        data-outbound-group=""
      >
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{comparison.note}</p>
        {loaderData.featuredBy && (
          <p className="mx-auto mt-2 max-w-2xl text-center text-sm text-slate-600" data-pick-measure={comparison.featuredBy ?? 'rating'}>
            The highlighted card: {loaderData.featuredBy}.
          </p>
        )}
        <AffiliateDisclosure
          className="mx-auto mt-2 max-w-2xl text-center"
          providers={loaderData.providers.map((p) => ({ provider: p.slug }))}
        />
        <div className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
          {loaderData.providers.map((p) => (
            <ProviderCard key={p.slug} p={p} from="/" labels={{ featured: comparison.featuredBadge, cta: comparison.cta }} />
          ))}
        </div>
      </Section>
    </>
  );
}
