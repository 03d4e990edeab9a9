import type { ComponentProps, ReactNode } from 'react';

/** The heading of a section on a landing page (deals, streaming, gaming, reviews, home): centred and larger. */
export const LANDING_HEADING = 'text-center text-3xl font-bold';

type SectionProps = Omit<ComponentProps<'section'>, 'title' | 'id'> & {
  title: ReactNode;
  /** The heading's id: the section is then named by its heading (aria-labelledby), so a screen reader lists it. */
  headingId?: string;
  headingClassName?: string;
};

/**
 * A section opened by its <h2>. Every page writes its sections this one way, so a heading always names its region
 * the same way and a change to the heading's style is made once.
 */
export function Section({ title, headingId, headingClassName = 'text-2xl font-bold', className, children, ...rest }: SectionProps) {
  return (
    <section className={className} aria-labelledby={headingId} {...rest}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Prose the content keeps as a list of paragraphs, each its own <p> in one style. */
export function Paragraphs({ texts = [], className, testId }: { texts?: readonly string[]; className: string; testId?: string }) {
  // Prose never reorders on the page, and two paragraphs may say the same thing: the index is the key.
  return texts.map((t, i) => (
    <p key={i} className={className} data-testid={testId}>
      {t}
    </p>
  ));
}
