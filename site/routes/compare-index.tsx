import type { Route } from './+types/compare-index';
import { Island } from '../components/island';
import { LinkList } from '../components/link-list';
import { Paragraphs, Section } from '../components/section';
import { SortableCompare } from '../components/sortable-compare';
import { useSite } from '../root';
import { COMPARE_PATH, pairText, ranked } from '../../services/content/routes.ts';
import { planOf } from '../../services/content/figure-format.ts';
import { getContent, routeFor, trailTo } from '../lib/content.server';
import { pairs } from '../lib/editorial.server';
import { pageMeta } from '../lib/meta';
import { breadcrumbs } from '../lib/structured-data';
import { Breadcrumbs } from '../components/breadcrumbs';

/** Every reviewed provider's key figures, in `order`, and every head-to-head page. */
export function loader({ url }: Route.LoaderArgs) {
  const entry = routeFor(url);
  const index = getContent();
  const { site, comparison, providers } = index.content;
  if (!comparison) throw new Response('Not Found', { status: 404 });
  const rows = providers.filter(ranked).map((p) => {
    const plan = planOf(p)!;
    return {
      slug: p.slug,
      name: p.name,
      logo: p.logo,
      logoSvg: p.logoSvg,
      rating: p.rating,
      price: plan.price,
      plan,
      servers: p.servers,
      countries: p.countries,
      devices: p.devices,
      streaming: p.streaming,
      torrenting: p.torrenting,
      moneyBack: p.moneyBack,
    };
  });
  const name = (s: string) => index.providers.get(s)!.name;
  const trail = trailTo({ name: comparison.title, path: entry.path });
  return {
    url: site.url,
    path: entry.path,
    trail,
    c: {
      meta: comparison.meta,
      title: comparison.title,
      intro: comparison.intro,
      columns: comparison.columns,
      filters: comparison.filters,
      yes: comparison.yes,
      no: comparison.no,
      pairsTitle: comparison.pairs.title,
    },
    rows,
    pairs: pairs().map((p) => ({ path: `${COMPARE_PATH}/${p.slug}`, text: pairText(comparison.pairs.link, name(p.a), name(p.b)) })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { c, url, path, trail } = loaderData;
  return pageMeta(c.meta, url, path, { jsonLd: [breadcrumbs(url, trail)] });
}

export default function CompareIndex({ loaderData }: Route.ComponentProps) {
  const { c, rows, pairs: links, path } = loaderData;
  const disclosure = useSite()!.disclosure;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <Breadcrumbs trail={loaderData.trail} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{c.title}</h1>
        <Paragraphs texts={c.intro} className="mt-4 text-lg leading-8 text-slate-700" />
      </header>

      <Section headingId="compare-table" title={c.title} headingClassName="sr-only" className="mt-8">
        <Island
          name="compare"
          component={SortableCompare}
          props={{ c: { columns: c.columns, filters: c.filters, yes: c.yes, no: c.no }, rows, path, disclosure }}
          load="visible"
        />
      </Section>

      <Section headingId="pairs" title={c.pairsTitle} className="mt-12">
        <LinkList
          links={links.map((l) => ({ to: l.path, text: l.text }))}
          className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4"
          testId="pair-links"
        />
      </Section>
    </div>
  );
}
