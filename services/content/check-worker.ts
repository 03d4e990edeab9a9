/**
 * A validation thread (check-threads.ts): checks the files it is sent and hands back what the cross-file rules
 * need of each, never its data. Run as the bundle services/compile/bundle.mjs makes of it, so it starts without tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { portable, readAndCheck } from './check-file.ts';
import type { ThreadInput, ThreadRequest, ThreadResponse } from './check-threads.ts';
import { useValidatorsFile } from './schema-check.ts';

const { dataDir, validators } = workerData as ThreadInput;
useValidatorsFile(validators);
const port = parentPort!;
port.on('message', ({ batch, rels }: ThreadRequest) => {
  const stamps: string[] = [];
  const checks = rels.map((rel) => {
    const { check, stamp } = readAndCheck(dataDir, rel);
    stamps.push(stamp);
    return portable(check);
  });
  port.postMessage({ batch, checks, stamps } satisfies ThreadResponse);
});
port.postMessage({ ready: true } satisfies ThreadResponse);
