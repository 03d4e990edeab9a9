import { ranked } from '../../services/content/pairs.ts';
import { LANDING_HEADING, Paragraphs, Section } from '../components/section';
import type { Route } from './+types/reviews';
import { IconTile } from '../components/icon-tiles';
import { ReviewListCard } from '../components/review-list-card';
import { planOf } from '../../services/content/figure-format.ts';
import { getContent, fieldsOf, NAMED } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { PageHero } from '../components/page-hero';
import { SiteLink } from '../components/site-link';
import { METHOD_PATH } from '../../services/content/paths.ts';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';

const PATH = '/vpn-reviews';

export function loader() {
  const { site, reviews, providers, methodology } = getContent().content;
  if (!reviews) throw new Response('Not Found', { status: 404 });
  const { reviewPage: _labels, ...page } = reviews;
  return {
    page,
    url: site.url,
    method: methodology && reviews.howWeReview.method ? { path: METHOD_PATH, label: reviews.howWeReview.method } : undefined,
    providers: providers.filter(ranked).map((p) => ({ ...fieldsOf(p, [...NAMED, 'bestFor', 'description']), plan: planOf(p)! })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData.page.meta, loaderData.url, PATH);
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { page, providers, method } = loaderData;
  return (
    <>
      <PageHero title={page.hero.title} subtitle={page.hero.subtitle} />
      <Section
        headingId="grid"
        title={page.grid.title}
        className="mx-auto max-w-7xl px-4 py-14"
        headingClassName={LANDING_HEADING}
        data-outbound-group=""
      >
        <AffiliateDisclosure className="mx-auto mt-3 max-w-2xl text-center" />
        <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
          {providers.map((p) => (
            <ReviewListCard key={p.slug} p={p} from={PATH} labels={page.grid} />
          ))}
        </div>
      </Section>
      <section className="bg-white py-14" aria-labelledby="how">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="how" className="text-center text-3xl font-bold">
            {page.howWeReview.title}
          </h2>
          <Paragraphs texts={page.howWeReview.intro} className="mx-auto mt-4 max-w-3xl text-center text-slate-700" />
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {page.howWeReview.items.map((item) => (
              <IconTile key={item.title} {...item} look="method" />
            ))}
          </div>
          {method && (
            <p className="mt-8 text-center">
              <SiteLink to={method.path} className="font-semibold text-blue-700 underline hover:text-blue-900" data-testid="method-link">
                {method.label}
              </SiteLink>
            </p>
          )}
        </div>
      </section>
      <Section
        headingId="trust"
        title={page.whyTrust.title}
        className="mx-auto max-w-3xl px-4 py-14 text-center"
        headingClassName="text-3xl font-bold"
      >
        <Paragraphs texts={page.whyTrust.text} className="mt-4 leading-7 text-slate-700" />
        <p className="mt-6 text-sm font-semibold text-slate-700">{page.updatedLabel}</p>
      </Section>
    </>
  );
}
