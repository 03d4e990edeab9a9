import type { Route } from './+types/form-result';
import { Icon } from '../components/icon';
import { SiteLink } from '../components/site-link';
import type { Block } from '../../services/content/index.ts';
import { FORM_RESULTS } from '../../services/content/routes.ts';
import { getContent, routeFor } from '../lib/content.server';

type Form = keyof typeof FORM_RESULTS;

/** The form and outcome a result path stands for. */
function resultAt(path: string): { form: Form; outcome: string } {
  for (const [form, outcomes] of Object.entries(FORM_RESULTS)) {
    for (const [outcome, at] of Object.entries(outcomes)) if (at === path) return { form: form as Form, outcome };
  }
  throw new Response('Not Found', { status: 404 });
}

/**
 * Where a form posted without JavaScript lands: this outcome's heading and text from site.yaml, and the message the
 * form itself shows for it with JavaScript (the footer's newsletter texts, the contact form block's).
 */
export function loader({ url }: Route.LoaderArgs) {
  const { site, pages } = getContent().content;
  const { form, outcome } = resultAt(routeFor(url).path);
  const result = (site.formResults[form] as Record<string, { title: string; text?: string; link?: { label: string; href: string } }>)[outcome]!;
  let message: string;
  if (form === 'newsletter') {
    const n = site.footer.newsletter;
    message = { subscribed: n.success, invalid: n.invalidEmail, failed: n.failure }[outcome]!;
  } else {
    const block = pages.flatMap((p) => p.blocks).find((b): b is Extract<Block, { type: 'contact-form' }> => b.type === 'contact-form')!;
    message = { sent: block.success, invalid: block.missingFields, failed: block.failure }[outcome]!;
  }
  return {
    ok: outcome === 'subscribed' || outcome === 'sent',
    title: result.title,
    text: result.text,
    message,
    link: result.link ?? { label: site.notFound.linkLabel, href: '/' },
    brand: site.brand.name,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.title} | ${loaderData.brand}` }, { name: 'description', content: loaderData.message }, { name: 'robots', content: 'noindex' }];
}

export default function FormResult({ loaderData }: Route.ComponentProps) {
  const { ok, title, text, message, link } = loaderData;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="form-result">
      <Icon name={ok ? 'check-circle' : 'alert-triangle'} size={48} className={ok ? 'text-green-700' : 'text-amber-600'} />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p role="status" className="mt-4 text-lg font-medium text-slate-900">{message}</p>
      {text && <p className="mt-3 leading-7 text-slate-700">{text}</p>}
      <SiteLink to={link.href} className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800">
        {link.label}
      </SiteLink>
    </section>
  );
}
