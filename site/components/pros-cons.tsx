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
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="rounded-xl border border-green-200 bg-green-50 p-6">
        <H className="text-xl font-bold text-green-900">{labels.pros}</H>
        <ul className="mt-3 space-y-2 text-sm">
          {pros.map((p) => (
            <li key={p} className="flex gap-2">
              <Icon name="check" size={16} className="mt-0.5 shrink-0 text-green-700" />
              {p}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-red-200 bg-red-50 p-6">
        <H className="text-xl font-bold text-red-900">{labels.cons}</H>
        <ul className="mt-3 space-y-2 text-sm">
          {cons.map((c) => (
            <li key={c} className="flex gap-2">
              <Icon name="x" size={16} className="mt-0.5 shrink-0 text-red-700" />
              {c}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
