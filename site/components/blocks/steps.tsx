/** Renderers for step-by-step guide content: numbered steps, per-platform steps, requirements and issues. */
import type { Block } from '../../../services/content/index.ts';
import { Icon } from '../icon';
import { BlockSection } from './block-section';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** A step's text with each `backticked` span set as code: commands an editor writes in a step, to type as shown. */
function WithCode({ text }: { text: string }) {
  return text.split('`').map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

export function StepsBlock({ block }: { block: Of<'steps'> }) {
  return (
    <BlockSection block={block} guide>
      <ol className="mt-6 space-y-4">
        {block.steps.map((step, i) => (
          <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5" data-testid="step">
            <span
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                {step.icon && <Icon name={step.icon} size={20} className="text-blue-700" />}
                <span>
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </span>
              </h3>
              <p className="mt-2 leading-7 text-slate-700">{step.description}</p>
              {step.details && (
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
                  {step.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}

export function PlatformStepsBlock({ block }: { block: Of<'platform-steps'> }) {
  return (
    <BlockSection block={block} guide>
      <div className={`mt-6 grid gap-6 ${block.platforms.length > 2 ? 'md:grid-cols-2' : 'lg:grid-cols-2'}`}>
        {block.platforms.map((platform) => (
          <div key={platform.name} className="rounded-xl border border-slate-200 bg-white p-6" data-testid="platform-steps">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Icon name={platform.icon} size={22} className="text-blue-700" />
              {platform.name}
            </h3>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm leading-6 text-slate-700">
              {platform.steps.map((s) => (
                <li key={s}>
                  <WithCode text={s} />
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </BlockSection>
  );
}

export function RequirementsBlock({ block }: { block: Of<'requirements'> }) {
  return (
    <BlockSection block={block} guide>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {block.groups.map((group) => (
          <div key={group.title} className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold">{group.title}</h3>
            <ul className="mt-3 space-y-2 text-slate-700">
              {group.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <Icon name="check-circle" size={18} className="mt-1 shrink-0 text-green-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </BlockSection>
  );
}

export function IssuesBlock({ block }: { block: Of<'issues'> }) {
  return (
    <BlockSection block={block} guide>
      <ul className="mt-6 space-y-4">
        {block.items.map((item) => (
          <li key={item.issue} className="rounded-xl border border-slate-200 bg-white p-5" data-testid="issue">
            <h3 className="flex items-center gap-2 font-semibold">
              <Icon name="alert-triangle" size={18} className="shrink-0 text-amber-700" />
              {item.issue}
            </h3>
            <p className="mt-2 leading-7 text-slate-700">
              <strong className="font-semibold text-slate-900">{block.solutionLabel}</strong> {item.solution}
            </p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
