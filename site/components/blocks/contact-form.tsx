/**
 * The contact form: its states, its checks and its messages. It posts JSON to /api/contact-form; without
 * JavaScript the browser posts the form itself and lands on the page the service names for the outcome.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Block } from '../../../services/content/index.ts';
import { contactProblems, fieldId, PROBLEM_TEXT, type ContactField } from '../../../services/shared/contact-problems.ts';
import { apiUrl, postJson } from '../../lib/api';
import { showToast } from '../../lib/toast';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

const FIELDS = ['name', 'email', 'subject', 'message', 'website'] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

/** What the fields hold now, typed before hydration or after. */
const read = (form: HTMLFormElement): Fields => {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((key) => [key, String(data.get(key) ?? '')])) as Fields;
};

const INPUT =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700';

/**
 * The fields are the browser's own (uncontrolled): a visitor may type before the form's script arrives, and what is
 * in them when the form is sent is what is checked and posted.
 * Each wrong field says so under itself (aria-invalid, and its message tied by aria-describedby), and the cursor goes
 * to the first. Without JavaScript the browser checks `required` and type=email itself, and the service's result page
 * lists what it still refused, each with a link back to its field.
 */
export function ContactFormBlock({ block }: { block: Of<'contact-form'> }) {
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<ContactField[]>([]);
  const [sending, setSending] = useState(false);
  // Typing into a wrong field clears its error.
  const edited = (key: ContactField) => () => setProblems((p) => p.filter((k) => k !== key));
  // Hydrated, the form speaks for itself, on each field, instead of the browser's bubble on the first.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = event.currentTarget;
    const fields = read(sent);
    // The service's own rules: nothing is sent that it would refuse.
    const wrong = contactProblems(fields);
    setProblems(wrong);
    if (wrong.length) {
      document.getElementById(fieldId(wrong[0]!))?.focus();
      return;
    }
    setSending(true);
    try {
      await postJson('/api/contact-form', fields);
      sent.reset();
      void showToast('success', block.success);
    } catch (error) {
      // The failure is logged and the fields are kept so nothing typed is lost.
      console.error(error);
      void showToast('error', block.failure);
    } finally {
      setSending(false);
    }
  }

  /** A field's attributes for its state: invalid, and described by its message, while it has a problem. */
  const state = (key: ContactField) => {
    const wrong = problems.includes(key);
    return {
      id: fieldId(key),
      required: true,
      'aria-invalid': wrong || undefined,
      'aria-describedby': wrong ? `${fieldId(key)}-error` : undefined,
    };
  };
  const problem = (key: ContactField) =>
    problems.includes(key) && (
      <p id={`${fieldId(key)}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
        {PROBLEM_TEXT[key]}
      </p>
    );
  const INVALID = 'aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

  const field = (key: 'name' | 'email' | 'subject', type: string, autoComplete: string) => (
    <div>
      <label htmlFor={key === 'subject' ? 'contact-subject' : fieldId(key)} className="text-sm font-semibold">
        {block[key].label}
      </label>
      <input
        {...(key === 'subject' ? { id: 'contact-subject' } : state(key))}
        name={key}
        type={type}
        autoComplete={autoComplete}
        placeholder={block[key].placeholder}
        onChange={key === 'subject' ? undefined : edited(key)}
        className={`${INPUT} ${INVALID}`}
      />
      {key !== 'subject' && problem(key)}
    </div>
  );

  return (
    <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-bold">{block.heading}</h2>
      {block.intro && <p className="mt-2 text-sm leading-6 text-slate-700">{block.intro}</p>}
      <form
        ref={form}
        className="mt-6 space-y-4"
        method="post"
        action={apiUrl('/api/contact-form')}
        onSubmit={submit}
        data-testid="contact-form"
      >
        {problems.length > 0 && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {block.missingFields}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('name', 'text', 'name')}
          {field('email', 'email', 'email')}
        </div>
        {field('subject', 'text', 'off')}
        <div>
          <label htmlFor={fieldId('message')} className="text-sm font-semibold">
            {block.message.label}
          </label>
          <textarea
            {...state('message')}
            name="message"
            placeholder={block.message.placeholder}
            onChange={edited('message')}
            rows={5}
            className={`${INPUT} ${INVALID} min-h-[120px]`}
          />
          {problem('message')}
        </div>
        {/* A honeypot: people never see or reach it, bots fill it in; the service treats a filled one as spam. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{block.honeypotLabel}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
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
