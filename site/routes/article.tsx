import type { Route } from './+types/article';
import { Badge } from '../components/badge';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Blocks } from '../components/blocks';
import { resolvePickBlocks } from '../lib/pick-sets.server';
import { referencedProviders, summarizeProviders } from '../components/blocks/context';
import { AuthorBio, Byline } from '../components/byline';
import { DraftRibbon } from '../components/draft-ribbon';
import { NotFound, NotFoundBoundary, notFoundMeta } from '../components/not-found';
import { getContent, isNotFoundPage, routeFor, trailTo } from '../lib/content.server';
import { authorOf } from '../lib/editorial.server';
import { pageMeta } from '../lib/meta';
import { ribbonFor } from '../lib/publishing.server';
import { article as articleLd, breadcrumbs, faqFromBlocks } from '../lib/structured-data';

/** The article at this path and only the providers its blocks name; null for /articles/404 (see content.server.ts). */
export function loader({ url }: Route.LoaderArgs) {
  if (isNotFoundPage(url)) return null;
  const entry = routeFor(url);
  const index = getContent();
  const { site, providers } = index.content;
  const found = index.article(entry.slug!);
  if (!found) throw new Response('Not Found', { status: 404 });
  // Each pick box's picks, from its measure: what the box shows is worked out here, not typed.
  const article = { ...found, blocks: resolvePickBlocks(found.blocks) };
  const articles = index.content.pages.find((p) => p.blocks.some((b) => b.type === 'article-cards'));
  const trail = trailTo(...(articles ? [{ name: articles.title, path: `/${articles.slug}` }] : []), {
    name: article.title,
    path: entry.path,
  });
  return {
    trail,
    url: site.url,
    brand: { name: site.brand.name, url: site.url },
    path: entry.path,
    article,
    byline: authorOf(article.author),
    ribbon: ribbonFor(article),
    providers: summarizeProviders(providers, referencedProviders(article.blocks)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta();
  const { article, brand, path, url } = loaderData;
  const author = loaderData.byline.author;
  const ld = articleLd(brand, {
    headline: article.title,
    description: article.meta.description,
    path,
    dateModified: article.updated,
    author: author && { name: author.name, jobTitle: author.role },
  });
  return pageMeta(article.meta, url, path, {
    type: 'article',
    jsonLd: [ld, breadcrumbs(url, loaderData.trail), ...faqFromBlocks(article.blocks)],
  });
}

export const ErrorBoundary = NotFoundBoundary;

export default function Article({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return <NotFound />;
  const { article, path, providers, byline, ribbon } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-12" data-testid="article">
      {/* Only `vpnsite dev` shows drafts: a build has none, so its pages carry no ribbon code. */}
      {import.meta.env.DEV && ribbon && <DraftRibbon {...ribbon} />}
      <Breadcrumbs trail={loaderData.trail} />
      <header className="mt-6">
        <Badge>{article.category}</Badge>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{article.title}</h1>
        <Byline {...byline} updated={article.updated} updatedLabel={article.updatedLabel} className="mt-3 text-slate-600" />
        <p className="mt-4 text-lg leading-8 text-slate-700">{article.summary}</p>
      </header>
      <Blocks blocks={article.blocks} ctx={{ path, providers }} />
      {byline.author && <AuthorBio author={byline.author} heading={byline.about} />}
    </article>
  );
}
