/**
 * GET of the contact form's invalid page with the fields at fault shown, as the page shows them itself once hydrated:
 * a message posted without JavaScript and refused lands there (`?problems=name,email`, form-results.ts), and the page
 * lists each problem with a link back to its field. The page's markup is React's, so the changed attributes are
 * exactly what hydration expects.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { FORM_RESULTS } from '../../content/routes.ts';
import { parseProblems, type ContactField } from '../../shared/contact-problems.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '../csp.ts';

const FILE = `${FORM_RESULTS.contact.invalid.slice(1)}/index.html`;

/** The page with each named problem's item shown (the prerendered page has them all, hidden). */
export function showProblems(html: string, problems: readonly ContactField[]): string {
  return problems.reduce((out, key) => out.replace(`data-problem="${key}" hidden=""`, `data-problem="${key}"`), html);
}

const Query = Type.Object({ problems: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: true });

/** The page and its policy, read once and again only when the file is another one (a build swapped in). */
function readOnce(path: string): () => { html: string; policy: string } | undefined {
  let known: { key: string; html: string; policy: string } | undefined;
  return () => {
    let key: string;
    try {
      const st = statSync(path);
      key = `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
      return undefined;
    }
    if (known?.key !== key) {
      const html = readFileSync(path, 'utf8');
      known = { key, html, policy: contentSecurityPolicy(inlineScriptHashes(html)) };
    }
    return known;
  };
}

export async function contactResultRoutes(fastify: FastifyInstance, opts: { distDir: string }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const page = readOnce(join(opts.distDir, FILE));
  app.get(FORM_RESULTS.contact.invalid, { schema: { querystring: Query } }, async (request, reply) => {
    const read = page();
    // A site without the contact form has no such page: the static site's not-found answer.
    if (!read) return reply.callNotFound();
    const { html, policy } = read;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', policy)
      .type('text/html; charset=utf-8')
      .send(showProblems(html, parseProblems(request.query.problems)));
  });
}
