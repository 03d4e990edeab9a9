import { BannerLink } from '../banner-link';
import { SiteLink } from '../site-link';
import type { Block } from '../../../services/content/index.ts';
import { Badge } from '../badge';
import { Faq } from '../faq';
import { Icon } from '../icon';
import { Paragraphs } from '../section';
import { BlockSection } from './block-section';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

const GRID: Record<number, string> = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' };

export function ProseBlock({ block }: { block: Of<'prose'> }) {
  return (
    <BlockSection block={block}>
      <Paragraphs texts={block.paragraphs} className="mt-4 leading-7 text-slate-700" />
      {block.bullets && (
        <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
          {block.bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}

export function CardsBlock({ block }: { block: Of<'cards'> }) {
  return (
    <BlockSection block={block}>
      <div className={`mt-6 grid gap-4 ${GRID[block.columns ?? 2]}`}>
        {block.cards.map((card) => {
          const badge = card.severity ? block.badges?.[card.severity] : undefined;
          return (
            <div key={card.title} className="rounded-xl border border-slate-200 bg-white p-5" data-severity={card.severity}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <Icon name={card.icon} className="text-blue-700" />
                {badge && <Badge variant={card.severity === 'high' ? 'destructive' : 'secondary'}>{badge}</Badge>}
              </div>
              <h3 className="mt-3 font-semibold">{card.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{card.description}</p>
            </div>
          );
        })}
      </div>
    </BlockSection>
  );
}

export function FaqBlock({ block }: { block: Of<'faq'> }) {
  return <Faq heading={block.heading} items={block.items} />;
}

export function LinksBlock({ block }: { block: Of<'links'> }) {
  return (
    <section className="mt-10">
      {block.heading && <h2 className="text-2xl font-bold">{block.heading}</h2>}
      <div className="mt-4 flex flex-wrap gap-3">
        {block.links.map((l) => (
          <SiteLink
            key={l.href}
            to={l.href}
            className="rounded-md border border-blue-700 px-4 py-2 font-medium text-blue-700 hover:bg-blue-50"
          >
            {l.label}
          </SiteLink>
        ))}
      </div>
    </section>
  );
}

export function CtaBlock({ block }: { block: Of<'cta'> }) {
  return (
    <section className="mt-12 rounded-2xl bg-blue-800 p-8 text-center text-white">
      <h2 className="text-2xl font-bold">{block.heading}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-blue-100">{block.text}</p>
      <BannerLink link={block.link} className="mt-6" />
    </section>
  );
}

export function IconListBlock({ block }: { block: Of<'icon-list'> }) {
  return (
    <BlockSection block={block}>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {block.items.map((item) => (
          <li key={item.title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5">
            <Icon name={item.icon} className="shrink-0 text-blue-700" />
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-700">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
