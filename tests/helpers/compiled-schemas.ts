/**
 * A test file that imports this checks content with the compiled schemas from the cache, as the CLI does: compiling them again in
 * each test file's process took ~0.6 s each, and far longer on a busy machine.
 */
import { cachedValidators } from '../../scripts/cli/content-checks.ts';

cachedValidators();
