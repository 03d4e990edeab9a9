/**
 * The editor page: one HTML shell, one stylesheet (two files, joined) and one script, bundled by esbuild from scripts/editor/client when
 * the editor starts. None of it is part of the site's build: only `vpnsite dev` serves it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../build/paths.ts';

const CLIENT = join(PROJECT_ROOT, 'scripts/editor/client');

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content editor · vpnsite dev</title>
<link rel="stylesheet" href="/_edit/app.css">
<script type="module" src="/_edit/app.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the editor</a>
<header class="bar"><a href="/_edit" class="brand">Content editor</a><span class="where">vpnsite dev · saves into data/</span></header>
<main id="main" tabindex="-1"><p>Loading…</p></main>
<div id="status" role="status" aria-live="polite" class="sr-only"></div>
</body>
</html>
`;

export interface EditorAssets {
  html: string;
  js: string;
  css: string;
}

export async function editorAssets(): Promise<EditorAssets> {
  const out = await build({
    entryPoints: [join(CLIENT, 'main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    logLevel: 'silent',
  });
  return {
    html: HTML,
    js: out.outputFiles[0]!.text,
    css: ['editor.css', 'form.css'].map((f) => readFileSync(join(CLIENT, f), 'utf8')).join('\n'),
  };
}
