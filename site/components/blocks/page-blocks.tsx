/** Renderers for the guides and articles indexes: guide cards, article cards and the index's pager. */
import type { Block } from '../../../services/content/index.ts';
import { Badge, DIFFICULTY_VARIANT } from '../badge';
import { Icon } from '../icon';
import { SiteLink } from '../site-link';
import type { BlockContext } from './context';
import { BlockSection } from './block-section';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

export function GuideCardsBlock({ block, ctx }: { block: Of<'guide-cards'>; ctx: BlockContext }) {
  return (
    <BlockSection block={block} guide>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {(ctx.guides ?? []).map((g) => (
          <article key={g.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6" data-testid="guide-card">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <Icon name={g.card.icon} size={32} className="text-blue-700" />
              <Badge variant={DIFFICULTY_VARIANT[g.difficulty]}>{g.difficultyLabel ?? g.difficulty}</Badge>
            </div>
            <h3 className="mt-4 text-xl font-semibold">{g.card.title}</h3>
            <p className="mt-2 leading-7 text-slate-700">{g.card.description}</p>
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-slate-700">
              <Icon name="clock" size={16} />
              {g.time}
            </p>
            <p className="mt-4 text-sm font-semibold">{block.quickStepsLabel}</p>
            <ol className="mt-2 mb-6 list-decimal space-y-1 pl-5 text-sm text-slate-700">
              {g.card.quickSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            {/* Guide buttons perform a full-page navigation, not a client-side transition: a plain <a>, not a SiteLink. */}
            <a
              href={`/${g.slug}`}
              className="mt-auto inline-block rounded-md bg-blue-700 px-4 py-2 text-center font-semibold text-white hover:bg-blue-800"
            >
              {block.button}
            </a>
          </article>
        ))}
      </div>
    </BlockSection>
  );
}

/** The articles index: one card per article, the whole card a link to it (the title link's ::after covers it). */
export function ArticleCardsBlock({ block, ctx }: { block: Of<'article-cards'>; ctx: BlockContext }) {
  return (
    <BlockSection block={block} guide>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {(ctx.articles ?? []).map((a) => (
          <li
            key={a.slug}
            className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md"
            data-testid="article-card"
          >
            <p>
              <Badge variant="secondary">{a.category}</Badge>
            </p>
            <h3 className="mt-3 text-xl font-semibold">
              <SiteLink to={`/articles/${a.slug}`} className="after:absolute after:inset-0 after:rounded-xl hover:text-blue-700">
                {a.title}
              </SiteLink>
            </h3>
            <p className="mt-2 leading-7 text-slate-700">{a.summary}</p>
            <p className="mt-3 text-sm text-slate-600" data-testid="article-card-byline">
              {a.author && (
                <>
                  <span className="font-medium text-slate-700">{a.author}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <time dateTime={a.published}>{a.publishedLabel}</time>
              <span aria-hidden="true"> · </span>
              <span>{a.minutes} min read</span>
            </p>
            <p className="mt-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 pt-4 text-sm">
              <span aria-hidden="true" className="whitespace-nowrap font-semibold text-blue-700">
                {block.readMore} →
              </span>
            </p>
          </li>
        ))}
      </ul>
      {ctx.articlePages && ctx.articlePages.pages > 1 && <IndexPager {...ctx.articlePages} />}
    </BlockSection>
  );
}

/** The page numbers a pager shows: the first, the last and two either side of `page`; 0 stands for a gap. */
export function pagerNumbers(page: number, pages: number): number[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [0, n] : [n]));
}

/** Links between the pages of the articles index: the previous and next page, and pages by number. */
function IndexPager({ page, pages, base }: { page: number; pages: number; base: string }) {
  const href = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  const link = 'rounded-md border border-slate-300 px-3 py-1.5 font-medium text-blue-800 hover:bg-slate-50';
  return (
    <nav
      aria-label="Pages of the articles index"
      className="mt-10 flex flex-wrap items-center justify-center gap-2 text-sm"
      data-testid="index-pager"
    >
      {page > 1 && (
        <SiteLink to={href(page - 1)} rel="prev" className={link}>
          ← Previous
        </SiteLink>
      )}
      {pagerNumbers(page, pages).map((n, i) =>
        n === 0 ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page" className="rounded-md bg-blue-700 px-3 py-1.5 font-semibold text-white">
            {n}
          </span>
        ) : (
          <SiteLink key={n} to={href(n)} className={link}>
            {n}
          </SiteLink>
        ),
      )}
      {page < pages && (
        <SiteLink to={href(page + 1)} rel="next" className={link}>
          Next →
        </SiteLink>
      )}
    </nav>
  );
}
