import type { ComponentProps, ReactNode } from 'react';
import { Section } from '../section';

/**
 * How a content block opens: its heading, then the intro the editor may have written. A guide's blocks (and the
 * indexes that list guides and articles) stand further apart and set their intro at the guide's looser line height,
 * since a guide is read step by step rather than skimmed.
 */
export function BlockSection({
  block,
  guide = false,
  children,
  ...rest
}: Omit<ComponentProps<'section'>, 'className' | 'title'> & {
  block: { heading: string; intro?: string };
  guide?: boolean;
  children: ReactNode;
}) {
  return (
    <Section title={block.heading} className={guide ? 'mt-12' : 'mt-10'} {...rest}>
      {block.intro && <p className={guide ? 'mt-3 leading-7 text-slate-700' : 'mt-3 text-slate-700'}>{block.intro}</p>}
      {children}
    </Section>
  );
}
