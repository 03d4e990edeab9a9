/**
 * A validation thread (check-threads.ts): checks the files it is sent and hands back what the cross-file rules
 * need of each, never its data. Run as the bundle services/compile/bundle.mjs makes of it, so it starts without tsx.
 */
import { workerData } from 'node:worker_threads';
import { portable, readAndCheck } from './check-file.ts';
import type { ThreadAnswer, ThreadInput, ThreadRequest } from './check-threads.ts';
import { useValidatorsFile } from './schema-check.ts';
import { serveBatches } from '../compile/threads.ts';

const { dataDir, validators } = workerData as ThreadInput;
useValidatorsFile(validators);
serveBatches<ThreadRequest, ThreadAnswer>((rels) => {
  const stamps: string[] = [];
  const checks = rels.map((rel) => {
    const { check, stamp } = readAndCheck(dataDir, rel);
    stamps.push(stamp);
    return portable(check);
  });
  return { checks, stamps };
});
