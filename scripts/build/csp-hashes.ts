/** Build step: records each page's inline-script hashes so the server can send a per-page CSP without 'unsafe-inline'. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CSP_MANIFEST, type CspManifest } from '../../services/http/csp.ts';

/** Writes `.csp-hashes.json` into the built site (first-paint.ts takes the hashes as it rewrites each page). */
export async function writeCspManifest(clientDir: string, manifest: CspManifest): Promise<number> {
  await writeFile(join(clientDir, CSP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return Object.keys(manifest).length;
}
