import { Icon } from './icon';

/** Pros with green ticks beside cons with red crosses; `level` keeps the page's heading order. */
export function ProsCons({
  pros,
  cons,
  labels,
  level: H = 'h2',
}: {
  pros: readonly string[];
  cons: readonly string[];
  labels: { pros: string; cons: string };
  level?: 'h2' | 'h3' | 'h4';
}) {
  // The two boxes differ only in colour, icon and list: one table drives both.
  const sides = [
    {
      key: 'pros',
      title: labels.pros,
      items: pros,
      icon: 'check',
      box: 'border-green-200 bg-green-50',
      heading: 'text-green-900',
      mark: 'text-green-700',
    },
    {
      key: 'cons',
      title: labels.cons,
      items: cons,
      icon: 'x',
      box: 'border-red-200 bg-red-50',
      heading: 'text-red-900',
      mark: 'text-red-700',
    },
  ] as const;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {sides.map((side) => (
        <div key={side.key} className={`rounded-xl border ${side.box} p-6`}>
          <H className={`text-xl font-bold ${side.heading}`}>{side.title}</H>
          <ul className="mt-3 space-y-2 text-sm">
            {side.items.map((item) => (
              <li key={item} className="flex gap-2">
                <Icon name={side.icon} size={16} className={`mt-0.5 shrink-0 ${side.mark}`} />
                {item}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
