import { useId, useState, type FormEvent } from 'react';
import { isValidEmail } from '../../services/shared/email.ts';
import { apiUrl, postJson } from '../lib/api';
import { showToast } from '../lib/toast';
import type { RootData } from '../root';

type Props = RootData['footer']['newsletter'];

/**
 * The footer's newsletter sign-up: idle → submitting (input and button disabled) → idle,
 * the field cleared on success, a toast, and a note that a confirmation mail is on its way. The hidden `website` field is a honeypot that people never see or fill.
 */
export function NewsletterForm({ title, text, placeholder, button, invalidEmail, success, confirmNote, failure }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // After a sign-up, until the next attempt: the subscription waits for the link in the confirmation mail.
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The service's own rule (the browser's for type=email); otherwise no call is made.
    if (!isValidEmail(email)) {
      setMessage(invalidEmail);
      return;
    }
    setMessage(null);
    setSent(false);
    setSubmitting(true);
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    try {
      await postJson('/api/newsletter-subscribe', { email, website });
      setEmail('');
      setSent(true);
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
          {sent ? confirmNote : ''}
        </p>
      </form>
    </div>
  );
}
