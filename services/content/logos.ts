/**
 * The SVG logos in data/logos/ that providers and the site name in `logoSvg`. The site shows each as an image
 * (a data: URL, so no request), which draws the same on every machine, where an emoji needs an emoji font.
 * They are checked on every run, apart from the YAML files' cached checks, since a logo can change on its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CheckedFile } from './checked-file.ts';
import { suggestion, type Problem } from './problem.ts';
import { locate } from './source.ts';

/** The logos' directory inside the data directory. */
export const LOGO_DIR = 'logos';

/** A logo is inlined into every page that shows it, so it stays small. */
const MAX_BYTES = 8 * 1024;

/** Elements that would run, embed or fetch something: a logo is a drawing and nothing else. */
const FORBIDDEN = new Set(['script', 'foreignobject', 'iframe', 'image', 'audio', 'video', 'object', 'embed']);

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, allowBooleanAttributes: true });

/** What is wrong with a logo's SVG text, or undefined when nothing is. */
export function logoProblem(text: string): string | undefined {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_BYTES) return `is ${(bytes / 1024).toFixed(1)} KB; a logo may be ${MAX_BYTES / 1024} KB at most`;
  const valid = XMLValidator.validate(text);
  if (valid !== true) return `is not well-formed SVG: ${valid.err.msg} (line ${valid.err.line})`;
  const roots = (parser.parse(text) as XmlNode[]).filter((n) => !('?xml' in n) && !('#comment' in n) && !('#text' in n));
  const root = roots[0];
  if (roots.length !== 1 || !root || !('svg' in root)) return 'must have one <svg> element at its root';
  if (!root[':@']?.viewBox) return 'needs a viewBox on its <svg>, so it scales to any size';
  return forbidden(roots);
}

/** The first thing in the tree that runs, embeds or fetches something. */
function forbidden(nodes: XmlNode[]): string | undefined {
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@')!;
    if (tag.startsWith('#') || tag.startsWith('?')) continue;
    if (FORBIDDEN.has(tag.toLowerCase())) return `must not contain <${tag}>`;
    for (const [name, value] of Object.entries(node[':@'] ?? {})) {
      if (/^on/i.test(name)) return `must not have event handlers (${name} on <${tag}>)`;
      if (/(^|:)href$/i.test(name) && !String(value).startsWith('#'))
        return `must not link outside itself (${name}="${value}" on <${tag}>)`;
      if (/url\(\s*['"]?(?!#)/i.test(String(value))) return `must not load anything (${name} on <${tag}>)`;
    }
    const inner = node[tag];
    if (tag.toLowerCase() === 'style' && /@import|url\(\s*['"]?(?!#)/i.test(JSON.stringify(inner)))
      return 'must not load anything from its <style>';
    if (Array.isArray(inner)) {
      const found = forbidden(inner as XmlNode[]);
      if (found) return found;
    }
  }
  return undefined;
}

/** A logo file's text (throws when it cannot be read). */
const readLogo = (dataDir: string, name: string) => readFileSync(join(dataDir, LOGO_DIR, name), 'utf8');

/** The logo as a data: URL for an <img>: no request, and an SVG shown as an image never runs anything. */
export function logoDataUrl(dataDir: string, name: string): string {
  return `data:image/svg+xml,${encodeURIComponent(readLogo(dataDir, name).trim())}`;
}

/** The tiles the site's own logos are drawn on, one picked by the name so that neighbours rarely share one. */
const TILE_COLOURS = ['#4687ff', '#178a9e', '#7c3aed', '#c2410c', '#15803d', '#be123c', '#0369a1', '#a16207'];

/**
 * A monogram tile for a name, in the style of the site's own logos: its first letter, white on a rounded square. What
 * a new provider shows until its own logo is added: it draws the same on every machine, where an emoji needs a font.
 */
export function monogramSvg(name: string): string {
  const letter = (name.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? '?').toUpperCase();
  const colour = TILE_COLOURS[[...name].reduce((sum, c) => sum + c.codePointAt(0)!, 0) % TILE_COLOURS.length]!;
  const escaped = letter.replace(/[&<>]/g, (c) => `&#${c.codePointAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="11" fill="${colour}"/><text x="24" y="34.8" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#ffffff">${escaped}</text></svg>\n`;
}

/** Each provider's and the site's `logoSvg`: the file exists and is a logo (logoProblem). Without one, the emoji shows. */
export function checkLogos(dataDir: string, files: CheckedFile[]): Problem[] {
  const problems: Problem[] = [];
  let names: string[] | undefined;
  const seen = new Map<string, string | undefined>();
  for (const { source: s, facts } of files) {
    if (s.kind !== 'provider' && s.kind !== 'site') continue;
    const name = facts.stub.logoSvg as string | undefined;
    const add = (pointer: string, severity: Problem['severity'], message: string) => {
      const pos = locate(s, pointer);
      problems.push({ file: s.file, line: pos.line, column: pos.column, pointer, severity, message });
    };
    if (name === undefined) continue;
    const pointer = s.kind === 'site' ? '/brand/logoSvg' : '/logoSvg';
    if (!seen.has(name)) {
      let problem: string | undefined;
      try {
        problem = logoProblem(readLogo(dataDir, name));
      } catch {
        names ??= listLogos(dataDir);
        problem = `does not exist${suggestion(name, names)}`;
      }
      seen.set(name, problem);
    }
    const problem = seen.get(name);
    if (problem) add(pointer, 'error', `${LOGO_DIR}/${name} ${problem}`);
  }
  return problems;
}

function listLogos(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, LOGO_DIR)).filter((f) => f.endsWith('.svg'));
  } catch {
    return [];
  }
}
