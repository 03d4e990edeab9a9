/** The mail to the owner after a scheduled price check that found a change or could not read a price. */
import type { SendMailOptions } from 'nodemailer';
import type { StoredPriceCheck } from '../db/index.ts';
import type { MailContext } from './compose.ts';

const money = (n: number | null) => (n === null ? 'none' : `$${n.toFixed(2)}`);

/** One line per changed or unreadable field, and what to run next. */
export function priceCheckMail(ctx: MailContext, to: string, rows: readonly StoredPriceCheck[]): SendMailOptions {
  const changed = rows.filter((r) => r.error === null && r.changed);
  const failed = rows.filter((r) => r.error !== null);
  const lines = [
    ...(changed.length
      ? [
          'Changed on the pricing page:',
          ...changed.map((r) => `  ${r.provider} ${r.plan} ${r.field}: ${money(r.previous)} -> ${money(r.found)}`),
          '',
        ]
      : []),
    ...(failed.length ? ['Could not be read:', ...failed.map((r) => `  ${r.provider} ${r.plan} ${r.field}: ${r.error}`), ''] : []),
    'The site still shows the prices in the content. To record what the pages show today and rebuild:',
    '  vpnsite prices check --write && vpnsite build',
    'A price that could not be read needs its selector in the provider file (pricing.plans), see docs/prices.md.',
    '',
    '--',
    `Price check of ${ctx.siteName} at ${rows[0]?.checkedAt ?? 'an unknown time'}. The latest results: vpnsite prices report`,
  ];
  const parts = [changed.length ? `${changed.length} changed` : '', failed.length ? `${failed.length} could not be read` : ''].filter(
    Boolean,
  );
  return { from: ctx.from, to, subject: `Price check: ${parts.join(', ')}`, text: lines.join('\n') };
}
