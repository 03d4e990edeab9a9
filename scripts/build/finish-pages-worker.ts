/** A thread of finish-pages.ts: finishes the pages it is sent. Runs as the bundle services/compile/bundle.mjs makes of it. */
import { workerData } from 'node:worker_threads';
import { serveBatches } from '../../services/compile/threads.ts';
import { pageFinisher, type FinishInput, type PageOutcome } from './finish-pages.ts';

const finish = pageFinisher(workerData as FinishInput);
serveBatches<string[], PageOutcome[]>((files) => files.map(finish));
