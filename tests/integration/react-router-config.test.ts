/**
 * React Router's configuration as its Vite plugin reads it when `vpnsite dev` starts: the plugin prints a "Future
 * Flag Warning" block for every flag of the next major version left unset, and it must print none.
 */
import { resolveConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';

describe('react-router.config.ts', () => {
  it('takes every future flag React Router offers, so the dev server starts without a warning', async () => {
    const printed: string[] = [];
    // Read, not silenced for nothing: the plugin writes its warnings with console.log.
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      await resolveConfig({ configFile: 'vite.config.ts' }, 'serve');
    } finally {
      log.mockRestore();
    }
    expect(printed.filter((line) => line.includes('Future Flag Warning'))).toEqual([]);
  });
});
