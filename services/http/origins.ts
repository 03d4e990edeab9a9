/** Where the service is reached from: the origin in its mails' links, and the address it listens at. */
import type { FastifyInstance } from 'fastify';
import type { ServiceConfig } from './config.ts';

/**
 * The origin the links in mails point to: PUBLIC_URL when set. Otherwise, mail sent through SMTP goes to real readers,
 * whose links must reach the public site (site.yaml's url); mail written to files is read on this machine, whose
 * links reach the service where it listens.
 */
export function mailOrigin(config: ServiceConfig, fastify: FastifyInstance, siteUrl: string): string {
  if (config.mail.publicUrl) return config.mail.publicUrl;
  if (config.mail.smtpUrl) return new URL(siteUrl).origin;
  return listeningOrigin(fastify, 'localhost') ?? new URL(siteUrl).origin;
}

/** Where this instance can be reached on this machine (`anyHost` for a server listening on every address). */
export function listeningOrigin(fastify: FastifyInstance, anyHost: string): string | undefined {
  const address = fastify.server.address();
  if (!address || typeof address === 'string') return undefined;
  const host = ['0.0.0.0', '::'].includes(address.address) ? anyHost : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
