/** Writes .env.example from the environment schema (services/shared/env-schema.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample } from '../services/shared/env-example.ts';
import { PROJECT_ROOT } from './build/paths.ts';

writeFileSync(join(PROJECT_ROOT, '.env.example'), envExample());
console.log('wrote .env.example');
