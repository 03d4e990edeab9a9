import { Breadcrumbs } from '../components/breadcrumbs';
import { SiteLink } from '../components/site-link';
import type { Route } from './+types/guide';
import { Badge, DIFFICULTY_VARIANT } from '../components/badge';
import { Blocks } from '../components/blocks';
import { resolvePickBlocks } from '../lib/pick-sets.server';
import { referencedProviders, summarizeProviders } from '../components/blocks/context';
import { DraftRibbon } from '../components/draft-ribbon';
import { Icon } from '../components/icon';
import { getContent, routeFor, trailTo } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import { ribbonFor } from '../lib/publishing.server';
import { breadcrumbs, faqFromBlocks } from '../lib/structured-data';

export function loader({ url }: Route.LoaderArgs) {
  const { content } = getContent();
  const route = routeFor(url);
  const { card: _card, order: _order, ...found } = content.guides.find((g) => g.slug === route.slug)!;
  const guide = { ...found, blocks: resolvePickBlocks(found.blocks) };
  const index = content.pages.find((p) => `/${p.slug}` === guide.back.href);
  const trail = trailTo(...(index ? [{ name: index.title, path: guide.back.href }] : []), { name: guide.title, path: route.path });
  return {
    guide,
    trail,
    ribbon: ribbonFor(guide),
    path: route.path,
    url: content.site.url,
    providers: summarizeProviders(content.providers, referencedProviders(guide.blocks)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { guide, url, trail } = loaderData;
  return pageMeta(guide.meta, url, loaderData.path, { jsonLd: [breadcrumbs(url, trail), ...faqFromBlocks(guide.blocks)] });
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  const { guide, path, providers, ribbon } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      {/* Only `vpnsite dev` shows drafts: a build has none, so its pages carry no ribbon code. */}
      {import.meta.env.DEV && ribbon && <DraftRibbon {...ribbon} />}
      {/* The trail says where the guide sits; the back link, beside it, is the one step most readers take next. */}
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <Breadcrumbs trail={loaderData.trail} />
        <SiteLink
          to={guide.back.href}
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
          data-testid="guide-back"
        >
          <span aria-hidden="true">←</span> {guide.back.label}
        </SiteLink>
      </div>
      <header className="mt-6 rounded-2xl bg-gradient-to-br from-blue-800 to-indigo-900 p-8 text-white">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{guide.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-blue-100">{guide.subtitle}</p>
        <ul className="mt-6 flex flex-wrap items-center gap-3 text-sm" data-testid="guide-facts">
          <li className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1">
            <Icon name="monitor" size={16} />
            {guide.platforms}
          </li>
          <li className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1">
            <Icon name="clock" size={16} />
            {guide.time}
          </li>
          <li>
            <Badge variant={DIFFICULTY_VARIANT[guide.difficulty]} className="text-sm">
              {guide.difficultyLabel ?? guide.difficulty}
            </Badge>
          </li>
        </ul>
      </header>
      <Blocks blocks={guide.blocks} ctx={{ path, providers }} />
    </article>
  );
}
