import { useLocation } from 'react-router';
import type { Route } from './+types/form-result';
import { Icon } from '../components/icon';
import { SiteLink } from '../components/site-link';
import type { Block } from '../../services/content/index.ts';
import { FORM_RESULTS } from '../../services/content/routes.ts';
import { CONTACT_FIELDS, fieldId, PROBLEM_TEXT } from '../../services/shared/contact-problems.ts';
import { CONFIRM_RESEND_MINUTES, parseSent, pendingParts, pendingText, resendTimes } from '../../services/shared/pending.ts';
import { getContent, routeFor } from '../lib/content.server';

type Form = keyof typeof FORM_RESULTS;

/** The form and outcome a result path stands for. */
function resultAt(path: string): { form: Form; outcome: string } {
  for (const [form, outcomes] of Object.entries(FORM_RESULTS)) {
    for (const [outcome, at] of Object.entries(outcomes)) if (at === path) return { form: form as Form, outcome };
  }
  throw new Response('Not Found', { status: 404 });
}

/** Pages a newsletter mail's links lead to: their text is the message, and their icon says how it went. */
const MAIL_LINK_OUTCOMES: Record<string, 'ok' | 'ask' | 'problem'> = {
  confirm: 'ask',
  confirmed: 'ok',
  unsubscribe: 'ask',
  unsubscribed: 'ok',
  linkExpired: 'problem',
  linkInvalid: 'problem',
};

type Result = { title: string; text?: string; button?: string; link?: { label: string; href: string } };

/**
 * Where a form posted without JavaScript lands: this outcome's heading and text from site.yaml, and the message the
 * form itself shows for it with JavaScript (the footer's newsletter texts, the contact form block's). The pages the
 * newsletter's mail links lead to come through here too.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { site, pages } = getContent().content;
  const { form, outcome } = resultAt(routeFor(url).path);
  const result = (site.formResults[form] as Record<string, Result>)[outcome]!;
  const base = { title: result.title, link: result.link ?? { label: site.notFound.linkLabel, href: '/' }, brand: site.brand.name };
  const mailLink = form === 'newsletter' ? MAIL_LINK_OUTCOMES[outcome] : undefined;
  if (mailLink)
    return {
      ...base,
      tone: mailLink,
      message: result.text!,
      text: undefined,
      button: result.button,
      action: outcome === 'confirm' ? FORM_RESULTS.newsletter.confirm : FORM_RESULTS.newsletter.unsubscribe,
      oneClick: outcome !== 'confirm',
    };
  let message: string;
  if (form === 'newsletter') {
    const n = site.footer.newsletter;
    // The pending page's times come from its address (?sent=), filled in the browser and, without JavaScript, by the service.
    if (outcome === 'pending')
      return {
        ...base,
        tone: 'ask',
        message: pendingText(pendingParts(n.pendingNote, undefined)),
        pending: n.pendingNote,
        text: result.text,
        button: undefined,
        action: undefined,
        oneClick: false,
      };
    message = { subscribed: n.confirmNote, invalid: n.invalidEmail, failed: n.failure }[outcome]!;
  } else {
    const page = pages.find((p) => p.blocks.some((b) => b.type === 'contact-form'))!;
    const block = page.blocks.find((b): b is Extract<Block, { type: 'contact-form' }> => b.type === 'contact-form')!;
    message = { sent: block.success, invalid: block.missingFields, failed: block.failure }[outcome]!;
    // Every problem a field can have, each a link back to its field: the page shows those its address names.
    if (outcome === 'invalid') {
      const problems = CONTACT_FIELDS.map((key) => ({ key, text: PROBLEM_TEXT[key], href: `/${page.slug}#${fieldId(key)}` }));
      return { ...base, tone: 'problem', message, text: result.text, button: undefined, action: undefined, oneClick: false, problems };
    }
  }
  // A sign-up is not done until its mail's link is opened: the inbox, not a tick.
  const tone = outcome === 'sent' ? 'ok' : outcome === 'subscribed' ? 'ask' : 'problem';
  return { ...base, tone, message, text: result.text, button: undefined, action: undefined, oneClick: false };
}

export function meta({ loaderData }: Route.MetaArgs) {
  // The pending message is long, with its times; its page's sentence describes it as well.
  const description = 'pending' in loaderData && loaderData.text ? loaderData.text : loaderData.message;
  return [
    { title: `${loaderData.title} | ${loaderData.brand}` },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex' },
  ];
}

const ICON = {
  ok: ['check-circle', 'text-green-700'],
  ask: ['mail', 'text-blue-700'],
  problem: ['alert-triangle', 'text-amber-600'],
} as const;

/** The button's action (confirm or unsubscribe): this URL with its token. */
const buttonAction = (path: string, search: string) => {
  const token = new URLSearchParams(search).get('token');
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
};

/** The pending message with its times in <time> elements, which the service fills in for a page served without JavaScript. */
function PendingMessage({ template, search }: { template: string; search: string }) {
  const sent = parseSent(new URLSearchParams(search).get('sent'));
  return pendingParts(template, sent && resendTimes(sent, CONFIRM_RESEND_MINUTES)).map((part, i) =>
    'text' in part ? (
      part.text
    ) : (
      <time key={i} dateTime={part.iso} data-pending={part.time}>
        {part.label}
      </time>
    ),
  );
}

/**
 * A refused contact message's problems, each a link to its field. The prerendered page holds them all, hidden; the
 * address (`?problems=`) names those to show, here once hydrated and, without JavaScript, by the service.
 */
function ProblemList({ problems, search }: { problems: { key: string; text: string; href: string }[]; search: string }) {
  // The loader's list holds only the form's fields, so anything else the address names shows nothing.
  const named = (new URLSearchParams(search).get('problems') ?? '').split(',');
  return (
    <ul className="mt-6 w-full space-y-2 text-left" data-testid="form-problems">
      {problems.map((p) => (
        <li
          key={p.key}
          data-problem={p.key}
          hidden={!named.includes(p.key)}
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2"
        >
          <a href={p.href} className="font-medium text-blue-700 underline hover:text-blue-900">
            {p.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

export default function FormResult({ loaderData }: Route.ComponentProps) {
  const { tone, title, text, message, link, button, action, oneClick } = loaderData;
  const pending = 'pending' in loaderData ? loaderData.pending : undefined;
  const problems = 'problems' in loaderData ? loaderData.problems : undefined;
  const { search } = useLocation();
  const [icon, colour] = ICON[tone as keyof typeof ICON];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="form-result">
      <Icon name={icon} size={48} className={colour} />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p role="status" className="mt-4 text-lg font-medium text-slate-900" data-testid="form-result-message">
        {pending ? <PendingMessage template={pending} search={search} /> : message}
      </p>
      {problems && <ProblemList problems={problems} search={search} />}
      {text && <p className="mt-3 leading-7 text-slate-700">{text}</p>}
      {button && action ? (
        // Posts back to this page's own URL, whose token names the subscription; the service puts the token into the
        // prerendered action too, so the button works without JavaScript.
        <form method="post" action={buttonAction(action, search)} className="mt-8">
          {oneClick && <input type="hidden" name="List-Unsubscribe" value="One-Click" />}
          <button type="submit" className="rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800">
            {button}
          </button>
        </form>
      ) : (
        <SiteLink to={link.href} className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-medium text-white hover:bg-blue-800">
          {link.label}
        </SiteLink>
      )}
    </section>
  );
}
