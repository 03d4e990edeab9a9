/**
 * The browser editor's server: `vpnsite dev` starts it on a loopback port of its own, and the dev server passes
 * `/_edit` on to it, so the editor and the preview share one address. `vpnsite serve` and the built site have no
 * such path. Each answer is JSON for the editor page (scripts/editor/client), except the page and its script.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import writeFileAtomic from 'write-file-atomic';
import { KINDS, kindOf, publishingNow, type Kind } from '../../services/content/index.ts';
import { SCAFFOLD_KINDS, SLUG_PATTERN, type ScaffoldKind } from '../../services/content/scaffold.ts';
import { parseDocument, stringify } from 'yaml';
import { parseOptions, toJSOptions } from '../../services/content/yaml-schema.ts';
import { FileExists, writeNewFile } from '../cli/new-file.ts';
import { editorAssets } from './assets.ts';
import { Checker, standingOf, titleOf } from './checker.ts';
import { contentPath, foreignRequest, PathRefused } from './guard.ts';
import { kindLabel, kindRank } from './kinds.ts';
import type { Json } from './yaml-render.ts';
import { SaveError, saveInto } from './yaml-save.ts';

export const EDITOR_PATH = '/_edit';

const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** The data a file's text holds, or undefined when it does not parse. */
function dataOf(text: string): Json | undefined {
  const doc = parseDocument(text, parseOptions);
  return doc.errors.length ? undefined : (doc.toJS(toJSOptions) as Json);
}

const Edit = Type.Object({ path: Type.String(), data: Type.Record(Type.String(), Type.Unknown()), version: Type.Optional(Type.String()) });
type Edit = { path: string; data: Record<string, Json>; version?: string };

export interface EditorOptions {
  dataDir: string;
  /** Where `vpnsite dev` listens (--host): names other than this machine's are refused unless it is every interface. */
  listenHost: string;
}

export async function createEditor({ dataDir, listenHost }: EditorOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  const checker = new Checker(dataDir);
  const assets = await editorAssets();

  app.addHook('onRequest', async (req, reply) => {
    const why = foreignRequest(req.headers, listenHost, req.method);
    if (why) return reply.code(403).send({ error: why });
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof PathRefused) return reply.code(403).send({ error: err.message });
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return reply.code(status).send({ error: status === 500 ? 'the editor could not do that; the terminal says why' : err.message });
  });

  const page = (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(assets.html);
  app.get(EDITOR_PATH, page);
  app.get(`${EDITOR_PATH}/`, page);
  app.get(`${EDITOR_PATH}/app.js`, (_req, reply) => reply.type('text/javascript; charset=utf-8').send(assets.js));
  app.get(`${EDITOR_PATH}/app.css`, (_req, reply) => reply.type('text/css; charset=utf-8').send(assets.css));

  app.get(`${EDITOR_PATH}/api/files`, async () => {
    const checked = checker.check();
    const groups = new Map<Kind, unknown[]>();
    for (const { rel, text } of checker.files()) {
      const kind = kindOf(rel);
      if (!kind) continue;
      const data = dataOf(text);
      const problems = checked.problemsOf(rel);
      const list = groups.get(kind) ?? [];
      list.push({
        path: rel,
        title: titleOf(data, rel),
        standing: standingOf(data),
        errors: problems.filter((p) => p.severity === 'error').length,
        warnings: problems.filter((p) => p.severity === 'warning').length,
      });
      groups.set(kind, list);
    }
    // The kinds in the content library's own order, so a kind added there is listed without a change here.
    const kinds = (Object.keys(KINDS) as Kind[])
      .map((k, i) => ({ k, rank: kindRank(k, i) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ k }) => k)
      .filter((k) => groups.has(k) || Object.hasOwn(SCAFFOLD_KINDS, k))
      .map((k) => ({ kind: k, label: kindLabel(k), files: groups.get(k) ?? [] }));
    return { kinds, scaffolds: Object.keys(SCAFFOLD_KINDS), schedule: checked.result.schedule, now: publishingNow() };
  });

  app.get<{ Querystring: { path: string } }>(
    `${EDITOR_PATH}/api/file`,
    { schema: { querystring: Type.Object({ path: Type.String() }) } },
    async (req) => {
      const { rel, abs } = contentPath(dataDir, req.query.path);
      const text = readFileSync(abs, 'utf8');
      const kind = kindOf(rel)!;
      const data = dataOf(text);
      const checked = checker.check();
      const route = checked.result.routes.find((r) => r.source === rel && r.pageNumber === undefined);
      return {
        path: rel,
        kind,
        label: kindLabel(kind),
        text,
        data: data ?? null,
        version: versionOf(text),
        schema: JSON.parse(JSON.stringify(KINDS[kind].schema)) as unknown,
        problems: checked.problemsOf(rel),
        figures: data === undefined ? {} : checker.figures(data),
        preview: route?.path ?? null,
      };
    },
  );

  /** The text `data` would be saved as, and the problems the content would then have. */
  const judge = (rel: string, base: string, data: Record<string, Json>) => {
    const text = saveInto(base, data);
    const checked = checker.check({ rel, text });
    return { text, problems: checked.problemsOf(rel), figures: checker.figures(data) };
  };

  app.post<{ Body: Edit }>(`${EDITOR_PATH}/api/check`, { schema: { body: Edit } }, async (req, reply) => {
    const { rel, abs } = contentPath(dataDir, req.body.path);
    try {
      const { problems, figures } = judge(rel, readFileSync(abs, 'utf8'), req.body.data);
      return { problems, figures };
    } catch (err) {
      if (err instanceof SaveError) return reply.code(422).send({ error: err.message, problems: [] });
      throw err;
    }
  });

  app.post<{ Body: Edit }>(`${EDITOR_PATH}/api/save`, { schema: { body: Type.Required(Edit) } }, async (req, reply) => {
    const { rel, abs } = contentPath(dataDir, req.body.path);
    const disk = readFileSync(abs, 'utf8');
    if (versionOf(disk) !== req.body.version) {
      let yours: string;
      try {
        yours = saveInto(disk, req.body.data);
      } catch {
        yours = stringify(req.body.data, { lineWidth: 0 });
      }
      return reply.code(409).send({
        error: `not saved: ${rel} changed on disk since you opened it. Your edits are still in the form: copy them, or reload the file from disk.`,
        yours,
      });
    }
    let judged: ReturnType<typeof judge>;
    try {
      judged = judge(rel, disk, req.body.data);
    } catch (err) {
      if (err instanceof SaveError) return reply.code(422).send({ error: `not saved: ${err.message}`, problems: [] });
      throw err;
    }
    const errors = judged.problems.filter((p) => p.severity === 'error');
    if (errors.length) {
      const first = errors[0]!;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
      return reply.code(422).send({
        error: `not saved: ${first.pointer || 'the file'} ${first.message}${more}`,
        problems: judged.problems,
        figures: judged.figures,
      });
    }
    if (judged.text !== disk) await writeFileAtomic(abs, judged.text);
    return { version: versionOf(judged.text), text: judged.text, problems: judged.problems, figures: judged.figures };
  });

  const NewFile = Type.Object({ kind: Type.String(), slug: Type.String() });
  app.post<{ Body: { kind: string; slug: string } }>(`${EDITOR_PATH}/api/new`, { schema: { body: NewFile } }, async (req, reply) => {
    const { kind, slug } = req.body;
    if (!Object.hasOwn(SCAFFOLD_KINDS, kind))
      return reply.code(400).send({ error: `make one of ${Object.keys(SCAFFOLD_KINDS).join(', ')}` });
    if (!SLUG_PATTERN.test(slug))
      return reply.code(400).send({ error: 'a slug is lower-case letters, digits and single hyphens, e.g. example-vpn' });
    try {
      writeNewFile(dataDir, kind as ScaffoldKind, slug);
    } catch (err) {
      if (err instanceof FileExists) return reply.code(409).send({ error: err.message });
      throw err;
    }
    return reply.code(201).send({ path: `${SCAFFOLD_KINDS[kind as ScaffoldKind]}/${slug}.yaml` });
  });

  return app;
}
