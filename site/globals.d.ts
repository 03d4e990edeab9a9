/** The URL of the content icons' SVG sprite, defined by the build (scripts/build/icon-sprite.ts). */
declare const __ICON_SPRITE__: string;
