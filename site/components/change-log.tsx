import { Section } from './section';

/** One entry as the review lists it: its day, the tag of where it comes from, and its text. */
export interface ChangeItem {
  date: string;
  day: string;
  kind: string;
  tag: string;
  text: string;
}

/** A review's "What changed": every dated change, newest first, made from its runs, corrections and editors' notes. */
export function ChangeLog({ title, items }: { title: string; items: readonly ChangeItem[] }) {
  if (!items.length) return null;
  return (
    <Section headingId="changes" title={title} className="mt-12" data-testid="change-log">
      <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((c, i) => (
          // Two entries may share a day and a text (two notes): the index is the key.
          <li key={i} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
            <span className="shrink-0 text-sm text-slate-600 sm:w-28">
              <time dateTime={c.date}>{c.day}</time>
            </span>
            <span className="text-slate-800">
              <span
                className={`mr-2 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${c.kind === 'correction' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
              >
                {c.tag}
              </span>
              {c.text}
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
