/** Writes each content kind's JSON Schema to services/content/schemas/json/, for the editors' YAML language server. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFiles } from '../services/content/schemas/json-files.ts';
import { PROJECT_ROOT } from './build/paths.ts';

const dir = join(PROJECT_ROOT, 'services/content/schemas/json');
mkdirSync(dir, { recursive: true });
for (const [name, text] of schemaFiles()) {
  writeFileSync(join(dir, name), text);
  console.log(`wrote services/content/schemas/json/${name}`);
}
