/**
 * The validated content as JSON, written once by `vpnsite build` for the React Router build it starts. Without it
 * the route config, the prerender list and the loaders each parsed and validated every YAML file again (four
 * full loads per build, most of a 1,000-page build's time); reading the snapshot is one JSON.parse.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from './model.ts';
import type { RouteEntry } from './routes.ts';

/** The environment variable naming the snapshot's directory. */
export const SNAPSHOT_ENV = 'VPNSITE_CONTENT_SNAPSHOT';

const ROUTES = 'routes.json';
const CONTENT = 'content.json';

/** Writes the route table and the content into `dir` (separately: the route config needs only the table). */
export function writeSnapshot(dir: string, content: Content, routes: RouteEntry[]): void {
  writeFileSync(join(dir, ROUTES), JSON.stringify(routes));
  writeFileSync(join(dir, CONTENT), JSON.stringify(content));
}

/** The snapshot's directory when this process was given one. */
export const snapshotDir = (): string | undefined => process.env[SNAPSHOT_ENV] || undefined;

export const readSnapshotRoutes = (dir: string): RouteEntry[] => JSON.parse(readFileSync(join(dir, ROUTES), 'utf8')) as RouteEntry[];

export const readSnapshotContent = (dir: string): Content => JSON.parse(readFileSync(join(dir, CONTENT), 'utf8')) as Content;
