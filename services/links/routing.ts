/**
 * Smart links: where a /go/<slug> click goes, decided from the provider's `rules:` and `split:` with no I/O. The first
 * rule whose conditions all hold wins; with none, the split picks a variant (the same for a visitor all day);
 * without a split, the affiliate link (or the website while there is none).
 */
import { createHash } from 'node:crypto';

import type { Device, RuleSpec, SplitSpec } from '../content/targets.ts';
import { remembered } from '../shared/remembered.ts';

export { DEVICES, type Device, type RuleSpec, type SplitSpec } from '../content/targets.ts';

/** What the decision reads of a click. */
export interface ClickContext {
  /** ISO 3166-1 alpha-2, upper case, from the configured header; undefined when unknown or not configured. */
  country?: string;
  device: Device;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Who the visitor is, for a split that stays the same all day (address and user agent). */
  visitor: string;
}

export interface Decision {
  /** 'affiliate' or a link name. */
  to: string;
  /** The split's variant index, when the split chose. */
  variant?: number;
}

/** ios, android or desktop (everything else, tablets and TVs included) from a user agent. */
export function deviceOf(userAgent: string | undefined): Device {
  return deviceOfAgent(userAgent ?? '');
}

// Every redirect asks, from a few hundred user agents: three patterns a click cost more time than the lookup, and
// their match data a tenth of a kilobyte of garbage.
const deviceOfAgent = remembered((ua): Device => {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && /\bMobile\//.test(ua))) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  return 'desktop';
});

/** A two-letter country from a CDN's header value; anything else (XX, T1, empty) is unknown. */
export function countryOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : undefined;
}

function matches(rule: RuleSpec, click: ClickContext): boolean {
  const w = rule.when;
  if (w.country && (!click.country || !w.country.includes(click.country))) return false;
  if (w.device && !w.device.includes(click.device)) return false;
  if (w.from && click.day < w.from) return false;
  if (w.until && click.day > w.until) return false;
  return true;
}

/** A number from 0 to 99 for this visitor, provider and day: the same all day, spread evenly across visitors. */
export function bucketOf(slug: string, click: ClickContext): number {
  return createHash('sha1').update(`${slug}\n${click.day}\n${click.visitor}`).digest().readUInt32BE(0) % 100;
}

export function decide(
  slug: string,
  rules: readonly RuleSpec[] | undefined,
  split: readonly SplitSpec[] | undefined,
  click: ClickContext,
): Decision {
  for (const rule of rules ?? []) if (matches(rule, click)) return { to: rule.to };
  if (split?.length) {
    let bucket = bucketOf(slug, click);
    for (const [i, v] of split.entries()) {
      if (bucket < v.weight) return { to: v.to, variant: i };
      bucket -= v.weight;
    }
  }
  return { to: 'affiliate' };
}
