/**
 * The form API. Same origin as the page by default; set VITE_API_ORIGIN at build time to call another
 * origin (which must then list this site's origin in its CORS_ORIGINS).
 */
const ORIGIN = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/$/, '');

/** The URL of a form endpoint, for a form's `action` (posted by the browser itself when JavaScript is off). */
export const apiUrl = (path: string) => `${ORIGIN}${path}`;

/** POSTs JSON; resolves with the answer's JSON, rejects with the server's `{error}` message (or the status) when the answer is not 2xx. */
export async function postJson(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(apiUrl(path), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.ok) return res.json().catch(() => ({}));
  const detail = await res.json().then(
    (b: { error?: string }) => b.error,
    () => undefined,
  );
  throw new Error(`${path} answered ${res.status}${detail ? `: ${detail}` : ''}`);
}
