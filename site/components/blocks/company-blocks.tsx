/** Renderers for the company and legal pages' own blocks: contact details and legal sections. */
import type { Block } from '../../../services/content/index.ts';
import { Icon } from '../icon';
import type { BlockContext } from './context';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

export function ContactInfoBlock({ block, ctx }: { block: Of<'contact-info'>; ctx: BlockContext }) {
  return (
    <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-6" data-testid="contact-info">
      <h2 className="text-xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-2 text-sm leading-6 text-slate-700">{block.intro}</p>}
      <dl className="mt-5 space-y-4">
        {block.items.map((item) => (
          <div key={item.label}>
            <dt className="flex items-center gap-3 text-sm font-semibold">
              <Icon name={item.icon} size={20} className="shrink-0 text-blue-700" />
              {item.label}
            </dt>
            <dd className="pl-8 text-sm text-slate-700">{item.value}</dd>
          </div>
        ))}
      </dl>
      {block.replyPromise && ctx.replyPromised && (
        <p className="mt-5 flex items-center gap-2 rounded-lg bg-blue-50 p-3 text-sm font-medium text-blue-900">
          <Icon name="clock" size={18} className="shrink-0" />
          {block.replyPromise}
        </p>
      )}
    </section>
  );
}

export function LegalSectionsBlock({ block, ctx }: { block: Of<'legal-sections'>; ctx: BlockContext }) {
  // The validator makes sure a text that says {jurisdiction} has one to say.
  const fill = (text: string) => (ctx.jurisdiction ? text.replaceAll('{jurisdiction}', ctx.jurisdiction) : text);
  return (
    <ol className="mt-10 space-y-10">
      {block.sections.map((section, i) => (
        <li key={section.title} data-testid="legal-section">
          <section>
            <h2 className="text-2xl font-bold">{`${i + 1}. ${section.title}`}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-4 leading-7 text-slate-700">
                {fill(p)}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-4 list-disc space-y-1 pl-6 leading-7 text-slate-700">
                {section.bullets.map((b) => (
                  <li key={b}>{fill(b)}</li>
                ))}
              </ul>
            )}
          </section>
        </li>
      ))}
    </ol>
  );
}
