import { useId } from 'react';
import type { RootData } from '../root';

type Props = RootData['footer']['newsletter'];

/** The footer's newsletter sign-up (spec §4, §5, §8). */
export function NewsletterForm({ title, text, placeholder, button }: Props) {
  const id = useId();
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <p className="mt-3 text-sm">{text}</p>
      <form className="mt-4 flex flex-col gap-2" method="post" action="/api/newsletter-subscribe" noValidate>
        <label htmlFor={id} className="sr-only">Email address</label>
        <input id={id} name="email" type="email" autoComplete="email" placeholder={placeholder} className="rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400" />
        <button type="submit" className="rounded-md bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-500">{button}</button>
      </form>
    </div>
  );
}
