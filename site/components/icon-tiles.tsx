import { Icon, type IconName } from './icon';

/** A grid of icon tiles, each an <h3> with a short text (feature, benefit, tip and why-special sections). */
export function IconTiles({ items, columns = 4 }: { items: readonly { icon: IconName; title: string; text: string }[]; columns?: 3 | 4 }) {
  return (
    <div className={`mt-8 grid gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((item) => (
        <div key={item.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <Icon name={item.icon} size={28} className="text-blue-700" />
          <h3 className="mt-3 font-semibold">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-700">{item.text}</p>
        </div>
      ))}
    </div>
  );
}
