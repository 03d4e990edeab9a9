/**
 * A provider's or the site's logo: its SVG (a data: URL the loaders made of the file in data/logos/) at a fixed
 * size, so nothing shifts as it loads, or else its emoji. Decorative: the name is always written beside it.
 */
/** A logo as the loaders pass it: the emoji and, when the content names one, the SVG's data: URL. */
export interface LogoData {
  emoji?: string;
  svg?: string;
}

export function Logo({ emoji, svg, size, className = '' }: { emoji?: string; svg?: string; size: number; className?: string }) {
  if (svg) return <img src={svg} alt="" width={size} height={size} className={`shrink-0 ${className}`} />;
  return (
    <span aria-hidden="true" className={`shrink-0 leading-none ${className}`} style={{ fontSize: size * 0.9 }}>
      {emoji}
    </span>
  );
}
