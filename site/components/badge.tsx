import type { ReactNode } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';

const STYLES: Record<BadgeVariant, string> = {
  default: 'bg-blue-700 text-white',
  secondary: 'bg-slate-200 text-slate-900',
  // White behind the text, so an outline badge reads on the dark heroes too.
  outline: 'border border-slate-400 bg-white text-slate-800',
  destructive: 'bg-red-700 text-white',
};

/** A small label in one of the site's variants (destructive, secondary, outline) or the brand default. */
export function Badge({
  variant = 'default',
  children,
  className = '',
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[variant]} ${className}`}
    >
      {children}
    </span>
  );
}

/** A guide's difficulty: Easy is secondary, Intermediate is outline, Advanced is destructive. */
export const DIFFICULTY_VARIANT = { Easy: 'secondary', Intermediate: 'outline', Advanced: 'destructive' } as const;
