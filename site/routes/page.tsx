import type { Route } from './+types/page';
import { Blocks } from '../components/blocks';
import { resolvePickBlocks } from '../lib/pick-sets.server';
import { PAGE_BLOCKS } from '../components/blocks/page-renderers';
import { guideCards, referencedProviders, summarizeProviders } from '../components/blocks/context';
import { ARTICLES_PER_PAGE } from '../../services/content/index.ts';
import { articleCardList, getContent, routeFor } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { faqFromBlocks, organization } from '../lib/structured-data';

export function loader({ url }: Route.LoaderArgs) {
  const { content } = getContent();
  const route = routeFor(url);
  const found = content.pages.find((p) => p.slug === route.slug)!;
  // Each pick box's picks, from its measure: what the box shows is worked out here, not typed.
  const page = { ...found, blocks: resolvePickBlocks(found.blocks) };
  // Only the guides index ships the guides' card data.
  const guides = page.blocks.some((b) => b.type === 'guide-cards') ? guideCards(content.guides) : undefined;
  // Likewise the articles index, the only page that reads every article: one page of them at a time.
  const index = page.blocks.some((b) => b.type === 'article-cards');
  const all = index ? articleCardList() : [];
  const n = route.pageNumber ?? 1;
  const articles = index ? all.slice((n - 1) * ARTICLES_PER_PAGE, n * ARTICLES_PER_PAGE) : undefined;
  const articlePages = index
    ? { page: n, pages: Math.max(1, Math.ceil(all.length / ARTICLES_PER_PAGE)), base: `/${page.slug}` }
    : undefined;
  // Only the legal pages ship the jurisdiction their text names.
  const jurisdiction = page.blocks.some((b) => b.type === 'legal-sections') ? content.site.legal?.jurisdiction : undefined;
  // A promise of a reply stands only where messages reach someone: a site built with CONTACT_NOTIFY_TO set.
  const replyPromised = page.blocks.some((b) => b.type === 'contact-info') ? Boolean(process.env.CONTACT_NOTIFY_TO?.trim()) : undefined;
  return {
    page,
    path: route.path,
    title: route.title,
    url: content.site.url,
    brand: { name: content.site.brand.name, url: content.site.url },
    guides,
    articles,
    articlePages,
    jurisdiction,
    replyPromised,
    providers: summarizeProviders(content.providers, referencedProviders(page.blocks)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { page, brand } = loaderData;
  const jsonLd = [...(page.organization ? [organization(brand)] : []), ...faqFromBlocks(page.blocks)];
  // A further page of the articles index has its own title, so no two pages share one.
  return pageMeta({ ...page.meta, title: loaderData.title }, loaderData.url, loaderData.path, { jsonLd });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page, path, providers, guides, articles, articlePages, jurisdiction, replyPromised } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-extrabold tracking-tight">{page.title}</h1>
        {page.subtitle && <p className="mt-4 text-lg text-slate-600">{page.subtitle}</p>}
        {page.updatedLabel && <p className="mt-2 text-sm text-slate-600">{page.updatedLabel}</p>}
      </header>
      <Blocks
        blocks={page.blocks}
        ctx={{ path, providers, guides, articles, articlePages, jurisdiction, replyPromised }}
        renderers={PAGE_BLOCKS}
      />
    </article>
  );
}
