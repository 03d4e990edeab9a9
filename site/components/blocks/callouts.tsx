/** Renderers for the quick answer, callouts and headline figures. */
import { Icon } from '../icon';
import type { BlockProps } from './context';
import { BlockSection } from './block-section';

/** The boxed short answer near the top of an article. */
export function QuickAnswerBlock({ block }: BlockProps<'quick-answer'>) {
  return (
    <section className="mt-8 rounded-xl border-l-4 border-blue-700 bg-blue-50 p-6" data-testid="quick-answer">
      <h2 className="flex items-center gap-2 text-xl font-bold text-blue-900">
        <Icon name="zap" size={20} className="text-blue-700" />
        {block.heading}
      </h2>
      <p className="mt-3 leading-7 text-slate-800">{block.text}</p>
      {block.points && (
        <ul className="mt-3 space-y-1.5">
          {block.points.map((point) => (
            <li key={point} className="flex gap-2 text-slate-800">
              <Icon name="check-circle" size={18} className="mt-1 shrink-0 text-green-700" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const TONES = {
  info: { box: 'border-blue-200 bg-blue-50', icon: 'info', iconClass: 'text-blue-700' },
  warning: { box: 'border-amber-300 bg-amber-50', icon: 'alert-triangle', iconClass: 'text-amber-700' },
  success: { box: 'border-green-300 bg-green-50', icon: 'shield-check', iconClass: 'text-green-700' },
} as const;

/** A highlighted note in its tone, with an optional formula line. */
export function CalloutBlock({ block }: BlockProps<'callout'>) {
  const tone = TONES[block.tone];
  return (
    <aside className={`mt-10 rounded-xl border p-6 ${tone.box}`} data-tone={block.tone}>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Icon name={tone.icon} size={20} className={tone.iconClass} />
        {block.title}
      </h2>
      <p className="mt-2 leading-7 text-slate-800">{block.text}</p>
      {block.formula && (
        <p className="mt-4 rounded-lg bg-white px-4 py-3 text-center font-mono text-sm font-semibold text-slate-900" data-testid="formula">
          {block.formula}
        </p>
      )}
    </aside>
  );
}

/** Headline figures as a description list. */
export function StatsBlock({ block }: BlockProps<'stats'>) {
  return (
    <BlockSection block={block}>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {block.items.map((item) => (
          <div
            key={item.label}
            className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center"
            data-testid="stat"
          >
            <dt className="mt-1 text-sm text-slate-700">{item.label}</dt>
            <dd className="text-3xl font-extrabold text-blue-800">{item.value}</dd>
          </div>
        ))}
      </dl>
      {block.source && <p className="mt-3 text-sm text-slate-600">{block.source}</p>}
    </BlockSection>
  );
}
