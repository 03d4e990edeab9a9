/** A batch of content files checked on a pool thread (pool.ts): their own checks and stamps, without their data. */
import { checkEach } from '../../services/content/index.ts';
import { useValidatorsFile } from '../../services/content/schema-check.ts';
import type { Task } from './pool.ts';

/** What every batch needs: the data directory, and the compiled schemas' file when the cache holds one. */
export interface CheckInit {
  dataDir: string;
  validators?: string;
}

let loaded: string | undefined;

export default function checkTask({ init, batch }: Task<CheckInit, string[]>): ReturnType<typeof checkEach> {
  if (init.validators && init.validators !== loaded) {
    useValidatorsFile(init.validators);
    loaded = init.validators;
  }
  return checkEach(init.dataDir, batch);
}
