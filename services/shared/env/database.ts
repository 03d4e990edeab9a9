/** Which database the service uses and how it talks to it. */
import { Type } from '@sinclair/typebox';

export const database = {
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      accepts: 'a postgres:// URL',
      secret: true,
      description: 'A postgres:// URL selects a PostgreSQL server; without it the embedded PGlite database is used.',
    }),
  ),
  PGLITE_DIR: Type.String({
    default: 'var/pglite',
    description:
      'Where PGlite keeps its files when DATABASE_URL is empty. One process owns it: vpnsite serve, or a command run while no service does; other commands reach it through the running service.',
  }),
  DATABASE_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, description: 'Connections in the PostgreSQL pool.' }),
  DATABASE_QUERY_TIMEOUT_MS: Type.Integer({
    default: 5000,
    minimum: 1,
    description:
      "PostgreSQL: how long one of the service's queries (click writes, forms, reports) may wait for an answer before it counts as failed, so a server that hangs behaves like one that is down. Embedded PGlite: how long one may wait to start while a command's statement holds the database; it then fails and is never run.",
  }),
};
