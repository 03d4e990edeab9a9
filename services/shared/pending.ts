/**
 * The answer to a sign-up whose address already had its confirmation mail within the hour: the template's `{sent}`
 * and `{again}` become when that mail went out and when another sign-up would send a new one. The same function
 * fills the result page in the service (no JavaScript) and in the browser, so both show the same words.
 */

/** How long a pending address waits before another sign-up sends it a new confirmation mail. */
export const CONFIRM_RESEND_MINUTES = 60;

/** What stands in for the times when they are not known (the page as prerendered). */
export const UNKNOWN_TIMES = { sent: 'within the last hour', again: 'an hour after it was sent' } as const;

export type PendingPart = { text: string } | { time: 'sent' | 'again'; iso?: string; label: string };

/** "at 10:42 UTC": the result page's times, the same wherever it is rendered. */
export const utcTime = (at: Date) => `at ${at.toISOString().slice(11, 16)} UTC`;

/** A timestamp the service wrote, or undefined for anything else. */
export function parseSent(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** When the mail went out and when a sign-up would send a new one, from the sent time. */
export const resendTimes = (sent: Date, minutes: number) => ({ sent, again: new Date(sent.getTime() + minutes * 60_000) });

/** The template in parts: its text, and each time as a label (`at 10:42 UTC`, or the stand-in when the times are unknown). */
export function pendingParts(
  template: string,
  times: { sent: Date; again: Date } | undefined,
  format: (at: Date) => string = utcTime,
): PendingPart[] {
  return template
    .split(/(\{sent\}|\{again\})/)
    .filter(Boolean)
    .map((piece): PendingPart => {
      if (piece !== '{sent}' && piece !== '{again}') return { text: piece };
      const time = piece === '{sent}' ? 'sent' : 'again';
      const at = times?.[time];
      return { time, iso: at?.toISOString(), label: at ? format(at) : UNKNOWN_TIMES[time] };
    });
}

/** The whole message as text. */
export const pendingText = (parts: PendingPart[]) => parts.map((p) => ('text' in p ? p.text : p.label)).join('');
