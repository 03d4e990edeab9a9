import type { ICON_NAMES } from '../../services/content/schemas/common';
import type { UI_ICONS } from './icon-set';

export type IconName = (typeof ICON_NAMES)[number];

export type UiIconName = keyof typeof UI_ICONS;

/**
 * A decorative icon with fixed dimensions (no layout shift), drawn from the sprite; the stroke style is lucide's.
 * Rendering lucide's own components instead cost each icon its class merging and attribute building while the page
 * hydrated, for the same markup.
 */
export function Icon({
  name,
  size = 24,
  className,
  filled,
}: {
  name: IconName | UiIconName;
  size?: number;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-filled={filled === undefined ? undefined : String(filled)}
    >
      <use href={`${__ICON_SPRITE__}#${name}`} />
    </svg>
  );
}
