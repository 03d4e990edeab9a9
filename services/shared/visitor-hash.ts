/** Daily-salted visitor hashes: repeat visits on one day can be told apart, but never traced to an IP. */
import { hash, randomBytes } from 'node:crypto';

/** The UTC day (YYYY-MM-DD) a moment belongs to; salts rotate at midnight UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A new 256-bit salt, hex-encoded. */
export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 hex of (salt, IP, user agent), with separators so fields cannot run into each other. */
export function visitorHash(salt: string, ip: string, userAgent: string | null): string {
  return hash('sha256', `${salt}\n${ip}\n${userAgent ?? ''}`, 'hex');
}
