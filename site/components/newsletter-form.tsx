import { useState, type FormEvent } from 'react';
import { isValidEmail } from '../../services/shared/email.ts';
import { apiUrl, postJson } from '../lib/api';
import { showToast } from '../lib/toast';
import type { RootData } from '../lib/root-data.server';

type Props = RootData['footer']['newsletter'];

/** The visitor's own clock: "at 10:42". */
const localTime = (at: Date) => `at ${at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`;

/**
 * The footer's newsletter sign-up: idle → submitting (input and button disabled) → idle, the field cleared on
 * success, a toast, and a note that a confirmation mail is on its way and that the address is not subscribed until
 * its link is opened. An address whose mail went out within the hour is told when, and that no new one is sent.
 * The hidden `website` field is a honeypot that people never see or fill. It is an island (components/island.tsx):
 * its ids are fixed, as there is one on a page, since useId's would differ between the page and the island's root.
 */
export function NewsletterForm({ title, text, placeholder, button, invalidEmail, success, confirmNote, pendingNote, failure }: Props) {
  const id = 'newsletter-email';
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // After a sign-up, until the next attempt: the subscription waits for the link in the confirmation mail.
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The field is the browser's own: what a visitor typed before the page's script arrived counts too.
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    // The service's own rule (the browser's for type=email); otherwise no call is made.
    if (!isValidEmail(email)) {
      setMessage(invalidEmail);
      return;
    }
    setMessage(null);
    setSent(null);
    setSubmitting(true);
    const website = String(data.get('website') ?? '');
    try {
      const answer = (await postJson('/api/newsletter-subscribe', { email, website })) as {
        pending?: { sentAt?: string; againAt?: string };
      };
      form.reset();
      const before = new Date(answer.pending?.sentAt ?? '');
      const again = new Date(answer.pending?.againAt ?? '');
      if (!Number.isNaN(before.getTime()) && !Number.isNaN(again.getTime())) {
        // The same words as the result page without JavaScript (services/shared/pending.ts), in the visitor's own clock.
        setSent(pendingNote.replace('{sent}', localTime(before)).replace('{again}', localTime(again)));
        return;
      }
      setSent(confirmNote);
      await showToast('success', success);
    } catch (err) {
      console.error(err);
      setMessage(failure);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <p className="mt-3 text-sm">{text}</p>
      <form className="mt-4 flex flex-col gap-2" method="post" action={apiUrl('/api/newsletter-subscribe')} noValidate onSubmit={onSubmit}>
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={placeholder}
          disabled={submitting}
          aria-invalid={message === invalidEmail || undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className="rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400 disabled:opacity-60"
        />
        {/* Honeypot: off-screen and out of the tab order; a filled value marks a bot (the server stores nothing). */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-500 disabled:opacity-60"
        >
          {button}
        </button>
        <p id={`${id}-message`} role="alert" className="min-h-5 text-sm text-red-300">
          {message}
        </p>
        <p role="status" className="text-sm text-green-300 empty:hidden" data-testid="newsletter-confirm-note">
          {sent ?? ''}
        </p>
      </form>
    </div>
  );
}
