/** Service configuration, read and checked once at start-up (.env.example lists every variable). */
import { resolve } from 'node:path';

export interface ServiceConfig {
  host: string;
  port: number;
  /** The built site. */
  distDir: string;
  /** The content directory the /go/ targets come from. */
  dataDir: string;
  /** Fastify trustProxy: false (default), true, or the proxy addresses/CIDRs whose X-Forwarded-For is honoured. */
  trustProxy: boolean | string[];
  logLevel: string;
}

function parseTrustProxy(value: string | undefined): ServiceConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

/** Builds the config from flags (which win) and the environment; throws a readable error on a bad value. */
export function loadConfig(flags: Partial<Pick<ServiceConfig, 'host' | 'port' | 'distDir' | 'dataDir'>> = {}, env = process.env): ServiceConfig {
  const port = flags.port ?? Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be a whole number from 0 to 65535 (found ${port})`);
  return {
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    port,
    distDir: resolve(flags.distDir ?? env.DIST_DIR ?? 'dist'),
    dataDir: resolve(flags.dataDir ?? env.VPNSITE_DATA_DIR ?? 'data'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
