// @ts-check
/**
 * How the embedded PostgreSQL is started. PostgreSQL's default of 128 MB of shared buffers made most of the
 * service's resident memory (PGlite runs in WebAssembly memory, which never shrinks); this site's tables are read
 * mostly by their recent rows, which 16 MB holds. Measured in docs/benchmarks/pglite-memory.md.
 */
import { PGlite } from '@electric-sql/pglite';

export const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB'];
