import { describe, expect, it } from 'vitest';
import { spriteSvg } from '../../scripts/build/icon-sprite.ts';
import { ICON_NAMES } from '../../services/content/schemas/common.ts';
import { UI_ICONS } from '../../site/components/icon-set.ts';

describe('icon sprite', () => {
  const svg = spriteSvg();

  it('draws a symbol with lucide geometry for every content icon name', () => {
    for (const name of ICON_NAMES)
      expect(svg, name).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline|polygon|ellipse) `));
    expect(svg.match(/<symbol /g)).toHaveLength(ICON_NAMES.length + Object.keys(UI_ICONS).length);
  });

  it('draws the ticks and crosses the components use', () => {
    for (const name of Object.keys(UI_ICONS)) expect(svg, name).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><path `));
  });

  it('carries no per-icon styling that would override the stroke Icon sets', () => {
    expect(svg).not.toMatch(/<symbol[^>]*(class|stroke|width)=/);
  });
});
