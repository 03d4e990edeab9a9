import type { ReactNode } from 'react';

/** The dark banner that opens the listing and topic pages: an <h1>, its subtitle, and anything placed around them. */
export function PageHero({
  title,
  subtitle,
  before,
  children,
}: {
  title: string;
  subtitle: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-blue-800 to-indigo-900 text-white">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center">
        {before}
        <h1 className={`${before ? 'mt-5 ' : ''}text-4xl font-extrabold tracking-tight sm:text-5xl`}>{title}</h1>
        <p className="mx-auto mt-5 max-w-3xl text-lg text-blue-100">{subtitle}</p>
        {children}
      </div>
    </section>
  );
}
