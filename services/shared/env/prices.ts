/** The price check: how often `vpnsite serve` runs it, and how long a pricing page may take (docs/prices.md). */
import { Type } from '@sinclair/typebox';

export const prices = {
  PRICE_CHECK_INTERVAL_HOURS: Type.Integer({
    default: 0,
    minimum: 0,
    description:
      "Hours between runs of the price check in the service: it reads each provider's pricing page, stores what it found (vpnsite prices report) and mails CONTACT_NOTIFY_TO when a price changed or could not be read; it never writes content. 0 = never.",
  }),
  PRICE_CHECK_TIMEOUT_MS: Type.Integer({
    default: 15_000,
    minimum: 100,
    description: 'Milliseconds one pricing page may take to answer, in `vpnsite prices check` and in the service.',
  }),
};
