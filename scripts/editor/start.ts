/** Starts the browser editor's server for `vpnsite dev`: on loopback, on a port of its own, which the dev server proxies. */
import type { AddressInfo } from 'node:net';
import { createEditor, type EditorOptions } from './server.ts';

export async function startEditor(opts: EditorOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await createEditor(opts);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
