/**
 * Visitor hashes for clicks answered before their day's salt is known: while the database is away at start-up, and
 * for the first clicks after midnight UTC until the new day's salt has been read. A visitor's address never reaches
 * the disk: such a click is journalled with a provisional hash, HMAC-SHA256 under a key made at start-up that lives
 * only in this process's memory, so the journal (which may hold up to CLICK_JOURNAL_MAX_MB of such lines through an
 * outage) cannot be turned back into addresses, even by someone who also has the database and its salts.
 *
 * When the click is written, its hash is made final: the day's visitor hash of its address, when this process still
 * holds the address in memory; otherwise (the process that answered it died, and its key with it) the day's salt
 * over the provisional hash, which still tells that visitor's clicks of that run apart from others'.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { visitorHash } from '../shared/visitor-hash.ts';

const PREFIX = 'p:';
/** Addresses held for making hashes final: a flood of distinct ones is forgotten rather than held without bound. */
const MAX_HELD = 100_000;

export const isProvisional = (hash: string) => hash.startsWith(PREFIX);

export class ProvisionalHashes {
  private readonly key = randomBytes(32);
  /** Provisional hash → the address it was made from (memory only). */
  private readonly held = new Map<string, string>();

  hash(ip: string, userAgent: string | null): string {
    const hash =
      PREFIX +
      createHmac('sha256', this.key)
        .update(`${ip}\n${userAgent ?? ''}`)
        .digest('hex');
    if (!this.held.has(hash)) {
      if (this.held.size >= MAX_HELD) this.held.clear();
      this.held.set(hash, ip);
    }
    return hash;
  }

  /** The visitor hash a provisionally hashed click is stored with, under its day's salt. */
  final(hash: string, salt: string, userAgent: string | null): string {
    const ip = this.held.get(hash);
    return ip === undefined ? visitorHash(salt, hash, userAgent) : visitorHash(salt, ip, userAgent);
  }
}

/** A gate that opens at most once a minute: for log lines that every click of an outage would otherwise repeat. */
export function everyMinute(now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    if (now() - last < 60_000) return false;
    last = now();
    return true;
  };
}
