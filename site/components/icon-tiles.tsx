import { Icon, type IconName } from './icon';

/**
 * The three looks of an icon tile, an icon over a heading over a line of text: `card` for the feature, benefit, tip
 * and why-special grids, `method` for the reviews page's "how we review" (larger icon and heading, on white), `hero`
 * for the points in the home page's dark banner (a list item whose heading is the page's first level under the h1).
 */
const LOOKS = {
  card: {
    tag: 'div',
    box: 'rounded-xl border border-slate-200 bg-white p-6',
    size: 28,
    icon: 'text-blue-700',
    level: 'h3',
    heading: 'mt-3 font-semibold',
    text: 'mt-2 text-sm leading-6 text-slate-700',
  },
  method: {
    tag: 'div',
    box: 'rounded-xl border border-slate-200 p-6',
    size: 32,
    icon: 'text-blue-700',
    level: 'h3',
    heading: 'mt-3 text-lg font-semibold',
    text: 'mt-2 text-sm leading-6 text-slate-700',
  },
  hero: {
    tag: 'li',
    box: 'flex flex-col items-center',
    size: 32,
    icon: 'text-blue-200',
    level: 'h2',
    heading: 'mt-3 font-semibold',
    text: 'mt-1 text-sm text-blue-100',
  },
} as const;

/** One icon tile in one of its looks. */
export function IconTile({ icon, title, text, look }: { icon: IconName; title: string; text: string; look: keyof typeof LOOKS }) {
  const { tag: Tag, box, size, icon: iconClass, level: H, heading, text: textClass } = LOOKS[look];
  return (
    <Tag className={box}>
      <Icon name={icon} size={size} className={iconClass} />
      <H className={heading}>{title}</H>
      <p className={textClass}>{text}</p>
    </Tag>
  );
}

/** A grid of icon tiles, each an <h3> with a short text (feature, benefit, tip and why-special sections). */
export function IconTiles({ items, columns = 4 }: { items: readonly { icon: IconName; title: string; text: string }[]; columns?: 3 | 4 }) {
  return (
    <div className={`mt-8 grid gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((item) => (
        <IconTile key={item.title} {...item} look="card" />
      ))}
    </div>
  );
}
