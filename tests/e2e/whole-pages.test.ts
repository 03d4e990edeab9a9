/**
 * site/entry.server.tsx renders each prerendered page whole before writing it: no page carries React's streaming
 * machinery (hidden segments, `<template>` boundary markers, the `$RC` reveal scripts), only the page and its
 * loader data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../../scripts/build/publish.ts';

const dist = inject('distDir');

describe('prerendered pages', async () => {
  const pages = (await listFiles(dist)).filter((f) => f.endsWith('.html'));

  it('are all here, with their loader data inline', () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      expect(html, page).toContain('window.__reactRouterContext.streamController.enqueue(');
      expect(html, page).toContain('window.__reactRouterContext.streamController.close()');
    }
  });

  it('carry none of the markers and scripts of a streamed render', () => {
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      expect(html, page).not.toMatch(/<template id="B:|<div hidden id="S:|\$RC\(|\$RV=/);
    }
  });
});
