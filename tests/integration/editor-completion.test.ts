/**
 * What editors do with the content's schemas, proven with the YAML language server that VS Code's YAML extension
 * runs, spoken to over LSP as an editor does: every file names its schema on its first line, the server completes
 * a provider's fields with the descriptions from that schema, and it flags a misspelt field.
 */
import '../helpers/compiled-schemas.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompletionItemKind,
  CompletionRequest,
  ConfigurationRequest,
  createMessageConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type Diagnostic,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node.js';
import { KINDS, kindOf } from '../../services/content/schemas/index.ts';
import { listYamlFiles } from '../../services/content/source.ts';

const SCHEMAS = resolve('services/content/schemas/json');
const SCHEMA_LINE = /^# yaml-language-server: \$schema=(\S+)$/;

describe('every content file', () => {
  it("names its kind's JSON Schema on its first line, by a path that leads to it", () => {
    const files = listYamlFiles('data');
    expect(files.length).toBeGreaterThan(0);
    for (const rel of files) {
      const first = readFileSync(join('data', rel), 'utf8').split('\n')[0]!;
      const schema = SCHEMA_LINE.exec(first)?.[1];
      expect(schema, `data/${rel} line 1`).toBeDefined();
      const target = resolve('data', dirname(rel), schema!);
      expect(target, `data/${rel}`).toBe(join(SCHEMAS, `${kindOf(rel)}.schema.json`));
      expect(existsSync(target), target).toBe(true);
    }
  });
});

/** The server's settings: validation and completion on, and no schema catalogue from the network. */
const SETTINGS = { yaml: { validate: true, completion: true, hover: true, schemaStore: { enable: false } } };

let server: ChildProcess;
let lsp: MessageConnection;
/** Who waits for a document's next diagnostics, by URI. */
const waiting = new Map<string, (list: Diagnostic[]) => void>();

/**
 * The next diagnostics the server publishes for a document, as an editor receives them; asked for before the change
 * that causes them is sent.
 */
function nextDiagnostics(uri: string): Promise<Diagnostic[]> {
  return new Promise((done) => waiting.set(uri, done));
}

beforeAll(async () => {
  const bin = join(dirname(createRequire(import.meta.url).resolve('yaml-language-server/package.json')), 'bin', 'yaml-language-server');
  server = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  lsp = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  // The server asks for its settings by section ("yaml", "yaml.format", …), as it would ask VS Code.
  lsp.onRequest(ConfigurationRequest.type, ({ items }) =>
    items.map(
      ({ section }) =>
        (section ?? '')
          .split('.')
          .filter(Boolean)
          .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], SETTINGS) ?? null,
    ),
  );
  lsp.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
    const done = waiting.get(uri);
    waiting.delete(uri);
    done?.(diagnostics);
  });
  lsp.listen();
  await lsp.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(process.cwd()).href,
    workspaceFolders: null,
    capabilities: {
      textDocument: { completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'] } }, publishDiagnostics: {} },
      workspace: { configuration: true },
    },
  });
  await lsp.sendNotification(InitializedNotification.type, {});
  await lsp.sendNotification(DidChangeConfigurationNotification.type, { settings: SETTINGS });
});

afterAll(() => {
  lsp?.dispose();
  server?.kill();
});

const PROVIDER = 'data/providers/nordvpn.yaml';
/** The provider fields and their descriptions, from the schema the JSON file is written from. */
const FIELDS = Object.entries((KINDS.provider.schema as { properties: Record<string, { description?: string }> }).properties);
const docText = (item: CompletionItem) => (typeof item.documentation === 'string' ? item.documentation : item.documentation?.value);

describe('the YAML language server on a provider file', () => {
  it('completes every provider field, each with the description from the schema', async () => {
    // The file as an editor starts a new one from it: its schema line and slug, and the cursor on the next line.
    const [schemaLine, slugLine] = readFileSync(PROVIDER, 'utf8').split('\n');
    const uri = pathToFileURL(resolve('data/providers/new-vpn.yaml')).href;
    await lsp.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text: `${schemaLine}\n${slugLine}\n` },
    });
    const answer = await lsp.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 0 } });
    const items = (Array.isArray(answer) ? answer : (answer?.items ?? [])).filter((i) => i.kind === CompletionItemKind.Property);
    const offered = Object.fromEntries(items.map((i) => [i.label, docText(i)]));
    const expected = Object.fromEntries(FIELDS.filter(([name]) => name !== 'slug').map(([name, p]) => [name, p.description]));
    expect(Object.keys(expected)).toContain('rating');
    for (const [name, description] of Object.entries(expected)) expect(description, name).toMatch(/\w/);
    expect(offered).toEqual(expected);
  });

  it('finds nothing wrong with the file as it is, and flags a misspelt field at its key', async () => {
    const text = readFileSync(PROVIDER, 'utf8');
    const uri = pathToFileURL(resolve(PROVIDER)).href;
    const opened = nextDiagnostics(uri);
    await lsp.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    expect(await opened).toEqual([]);

    const misspelt = text.replace(/^rating:/m, 'raiting:');
    const line = misspelt.split('\n').findIndex((l) => l.startsWith('raiting:'));
    const changed = nextDiagnostics(uri);
    await lsp.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: misspelt }],
    });
    const found = await changed;
    expect(found).toContainEqual(
      expect.objectContaining({
        message: 'Property raiting is not allowed.',
        range: { start: { line, character: 0 }, end: { line, character: 'raiting'.length } },
      }),
    );
  });
});
