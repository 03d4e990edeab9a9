/** @fastify/rate-limit's Redis store, which the package ships without types. */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, cb: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): RedisStore;
  }
}
