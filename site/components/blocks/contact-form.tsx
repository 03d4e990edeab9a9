/**
 * The contact form: its states, its checks and its messages. It posts JSON to /api/contact-form; without
 * JavaScript the browser posts the form itself and lands on the page the service names for the outcome.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { isValidEmail } from '../../../services/shared/email.ts';
import { apiUrl, postJson } from '../../lib/api';
import { showToast } from '../../lib/toast';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' };
type Fields = typeof EMPTY;

const INPUT =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700';

export function ContactFormBlock({ block }: { block: Of<'contact-form'> }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.name.trim() || !fields.email.trim() || !fields.message.trim()) {
      void showToast('error', block.missingFields);
      return;
    }
    // The service's own rule, the one the browser's type=email check applies: nothing is sent that it would refuse.
    if (!isValidEmail(fields.email)) {
      void showToast('error', 'Please enter a valid email address.');
      return;
    }
    setSending(true);
    try {
      await postJson('/api/contact-form', fields);
      setFields(EMPTY);
      void showToast('success', block.success);
    } catch (error) {
      // The failure is logged and the fields are kept so nothing typed is lost.
      console.error(error);
      void showToast('error', block.failure);
    } finally {
      setSending(false);
    }
  }

  const field = (key: 'name' | 'email' | 'subject', type: string, required: boolean, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold">
        {block[key].label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        placeholder={block[key].placeholder}
        value={fields[key]}
        onChange={set(key)}
        className={INPUT}
      />
    </div>
  );

  return (
    <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-2 text-sm leading-6 text-slate-700">{block.intro}</p>}
      {/* No `required` attributes: the form itself reports missing fields in its own words; type=email keeps the browser's format check. */}
      <form className="mt-6 space-y-4" method="post" action={apiUrl('/api/contact-form')} onSubmit={submit} data-testid="contact-form">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('name', 'text', true, 'name')}
          {field('email', 'email', true, 'email')}
        </div>
        {field('subject', 'text', false, 'off')}
        <div>
          <label htmlFor={`${id}-message`} className="text-sm font-semibold">
            {block.message.label}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            aria-required="true"
            placeholder={block.message.placeholder}
            value={fields.message}
            onChange={set('message')}
            rows={5}
            className={`${INPUT} min-h-[120px]`}
          />
        </div>
        {/* A honeypot: people never see or reach it, bots fill it in; the service treats a filled one as spam. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>{block.honeypotLabel}</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={fields.website}
            onChange={set('website')}
          />
        </div>
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-md bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {sending ? block.sending : block.button}
        </button>
      </form>
    </section>
  );
}
