/** Runs the analyst's cap (services/db/analyst-cap.ts) every ANALYST_CHECK_MS while the database is reachable. */
import { cancelOverCap, type Db } from '../db/index.ts';

/** How often the analyst's statements are looked at: one may overrun its cap by at most this long. */
export const ANALYST_CHECK_MS = 2000;

type Log = { warn: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };

/** Starts the checks on PostgreSQL (none on the embedded database); the returned function stops them. */
export function watchAnalyst(db: Db, ready: () => boolean, log: Log): () => void {
  if (db.kind !== 'pg') return () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (ready()) {
      try {
        for (const c of await cancelOverCap(db))
          log.warn(
            { pid: c.pid, seconds: Math.round(c.seconds), query: c.query },
            "cancelled an analyst's statement that ran past the role's statement_timeout (a session may lift it; the service does not)",
          );
      } catch (err) {
        log.debug({ err }, "could not look at the analyst's statements just now");
      }
    }
    if (!stopped) timer = setTimeout(check, ANALYST_CHECK_MS).unref();
  };
  timer = setTimeout(check, ANALYST_CHECK_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
