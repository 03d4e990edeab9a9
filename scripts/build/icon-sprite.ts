/**
 * The content icons and the components' ticks and crosses as one SVG sprite (a <symbol> per icon name), served
 * as a hashed, immutable file.
 * Icon (site/components/icon.tsx) renders `<use href="<sprite>#name">`, so routes ship no icon geometry in their JS:
 * importing the ~50 lucide components cost every route that shows an icon 3.9 KB gzip of JavaScript.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { ICONS, UI_ICONS } from '../../site/components/icon-set.ts';

/** The sprite's SVG text. */
export function spriteSvg(): string {
  const symbols = Object.entries({ ...ICONS, ...UI_ICONS }).map(([name, component]) => {
    const svg = renderToStaticMarkup(createElement(component));
    const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** The sprite's file name in the built site, by its content. */
export const spriteFile = (source: string) => `assets/icons-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.svg`;

/** Vite plugin: defines __ICON_SPRITE__ as the sprite's URL, writes the file in builds and serves it in dev. */
export function iconSprite(): Plugin {
  const source = spriteSvg();
  const fileName = spriteFile(source);
  return {
    name: 'vpnsite-icon-sprite',
    config: () => ({ define: { __ICON_SPRITE__: JSON.stringify(`/${fileName}`) } }),
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res) => {
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(source);
      });
    },
    generateBundle() {
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
