/**
 * The per-visitor click and page-view budgets in Redis, shared by every instance behind a load balancer. Each
 * visitor has a sorted set of the ids of its counted visits, scored by time; one Lua script judges a whole batch in
 * one round trip, as the batch is written (never on a request). A visit is within budget when fewer than the budget
 * were counted in the sixty seconds either side of it, and is then added: so no sixty seconds ever hold more than
 * the budget, even though the instances' batches arrive out of time order (for visits that arrive in order, this is
 * the instance's own sliding minute exactly). A visit whose id is already in the set was counted on an earlier try,
 * and is within budget again, so a retried batch or a click read back from the journal counts once. The sets hold
 * visitor hashes and ids only, and expire ten minutes after their last counted visit.
 */
import { Redis } from 'ioredis';
import type { BudgetVisit, SharedBudget } from '../clicks/shared-budget.ts';

const WINDOW_MS = 60_000;
/**
 * How long counted visits are kept: longer than the window, so that a batch written late (after a database outage,
 * or read back from a journal) is judged against the visits that were around it.
 */
const KEEP_MS = 10 * 60_000;
/** A Redis that does not answer in this long is taken as away for the batch. */
const COMMAND_TIMEOUT_MS = 2_000;
/** After a failure, batches do not ask again for this long: a frozen Redis must not slow every write by the timeout. */
const PAUSE_MS = 10_000;

// ARGV: budget, window, keep, then a time and an id for each key. Times are whole milliseconds, formatted with %d so
// that Lua never writes them in exponent notation.
const SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local keep = tonumber(ARGV[3])
local out = {}
for i, key in ipairs(KEYS) do
  local at = tonumber(ARGV[2 + 2 * i])
  local id = ARGV[3 + 2 * i]
  if redis.call('ZSCORE', key, id) then
    out[i] = 0
  else
    redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%d', at - keep))
    if redis.call('ZCOUNT', key, string.format('(%d', at - window), string.format('(%d', at + window)) >= limit then
      out[i] = 1
    else
      redis.call('ZADD', key, string.format('%d', at), id)
      redis.call('PEXPIRE', key, keep)
      out[i] = 0
    end
  end
end
return out
`;

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export interface RedisBudget extends SharedBudget {
  close(): Promise<void>;
}

type WithBudget = Redis & { vpnsiteBudget(numKeys: number, ...args: (string | number)[]): Promise<number[]> };

export function redisBudget(url: string, log: Log): RedisBudget {
  // No offline queue and one try: a command fails at once while Redis is away, and the instance's own count decides.
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  }) as WithBudget;
  redis.defineCommand('vpnsiteBudget', { lua: SCRIPT });
  let failing = false;
  let pausedUntil = 0;
  // ioredis reconnects by itself; each attempt's error says nothing new.
  redis.on('error', () => {});
  return {
    async over(scope, perMinute, visits: readonly BudgetVisit[]) {
      if (Date.now() < pausedUntil) throw new Error('the shared budget is paused after a failure');
      // The first batches of a new instance may come before its first connection is up: they wait for it, briefly.
      // A reconnection after a failure is not waited for.
      if (!failing && (redis.status === 'wait' || redis.status === 'connecting' || redis.status === 'connect')) await readyOrTimeout(redis);
      const args: (string | number)[] = visits.map((v) => `vpnsite:budget:${scope}:${v.visitor}`);
      args.push(perMinute, WINDOW_MS, KEEP_MS);
      for (const v of visits) args.push(Math.floor(v.at), v.id);
      try {
        const out = await redis.vpnsiteBudget(visits.length, ...args);
        if (failing) log.info({}, 'Redis answers again: the click and page-view budgets are shared by every instance');
        failing = false;
        return out.map((o) => o === 1);
      } catch (err) {
        pausedUntil = Date.now() + PAUSE_MS;
        if (!failing)
          log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'Redis is unavailable: each instance counts the click and page-view budgets on its own until it is back',
          );
        failing = true;
        throw err;
      }
    },
    // Called once the last batch is written: nothing is left to ask, and a frozen Redis must not hold the shutdown.
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Resolves once the client is ready, or its connection failed, or after COMMAND_TIMEOUT_MS (the command that
 * follows then fails at once).
 */
function readyOrTimeout(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const event of ['ready', 'error', 'end']) redis.off(event, done);
      resolve();
    };
    const timer = setTimeout(done, COMMAND_TIMEOUT_MS);
    for (const event of ['ready', 'error', 'end']) redis.once(event, done);
  });
}
