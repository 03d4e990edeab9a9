/** data/site.yaml: brand, origin URL, navigation, footer, home page and the not-found page. */
import { Type } from '@sinclair/typebox';
import { IconText, IsoDate, Link, List, LogoSvg, Meta, Obj, PickBy, Str } from './common.ts';
import { ISLANDS, type IslandName } from '../islands.ts';

const FooterColumn = Obj(
  { title: Str('Column heading, e.g. "Quick Links".'), links: List(Link, 'Links in this column.') },
  'A footer column of links.',
);

const FormResult = (outcome: string, message: string) =>
  Obj(
    {
      title: Str(`The page's heading and <title>, e.g. "${outcome}".`),
      text: Type.Optional(Str(`A sentence under ${message}, e.g. what to do next.`)),
      link: Type.Optional(Link),
    },
    `The page a form posted without JavaScript lands on when ${outcome.toLowerCase()}; it shows ${message} and a link (home unless \`link\` is given).`,
  );

/** A page that a link in a newsletter mail leads to. */
const MailLinkResult = (example: string, what: string, button = false) =>
  Obj(
    {
      title: Str(`The page's heading and <title>, e.g. "${example}".`),
      text: Str('What happened, and what the reader can do next.'),
      ...(button ? { button: Str(`The page's one button, e.g. "${example}".`) } : {}),
      link: Type.Optional(Link),
    },
    what,
  );

export const SiteSchema = Obj(
  {
    brand: Obj(
      {
        name: Str('The brand name, used in the header, footer, titles and structured data.'),
        logo: Str('An emoji shown beside the brand name where there is no logoSvg.'),
        logoSvg: Type.Optional(LogoSvg),
        tagline: Str('A short line about the site.'),
      },
      'The site brand.',
    ),
    url: Str('The public origin, e.g. https://www.example.com, used for canonical links and the sitemap.', {
      pattern: '^https?://[^/]+$',
    }),
    founded: Type.Integer({
      minimum: 1990,
      maximum: 2100,
      description:
        "The year the site was founded: {{site.founded}} in text, and {{site.years}} the years since, to the build's year. The footer's © year is the build's year.",
    }),
    nav: List(Link, 'Header navigation links.'),
    footer: Obj(
      {
        blurb: Str('The brand column text.'),
        columns: List(FooterColumn, 'Link columns after the brand column (Quick Links, Resources, Articles).'),
        newsletter: Obj(
          {
            title: Str('Heading of the newsletter column, e.g. "Stay Updated".'),
            text: Str('One sentence on what subscribers get.'),
            placeholder: Str('Email input placeholder.'),
            button: Str('Submit button text.'),
            invalidEmail: Str('Shown when the email is empty or not a valid address.'),
            success: Str('Toast on success.'),
            confirmNote: Str(
              'Shown under the form after a sign-up: a confirmation mail is on its way, and the address is not subscribed until its link is opened.',
            ),
            pendingNote: Str(
              'Shown instead when the address was sent its confirmation mail within the last hour, so no new one is sent: {sent} becomes when it was sent ("at 10:42"), {again} when a new one can be asked for.',
            ),
            failure: Str('Message on failure.'),
          },
          'The newsletter sign-up column.',
        ),
        rights: Str('Text after the copyright year and brand, e.g. "All rights reserved."'),
      },
      'The footer.',
    ),
    home: Obj(
      {
        meta: Meta,
        updated: IsoDate,
        hero: Obj(
          {
            title: Str('The home <h1>.'),
            subtitle: Str('Text under the heading.'),
            points: List(IconText, 'The three selling points.'),
            cta: Link,
          },
          'The home hero.',
        ),
        comparison: Obj(
          {
            title: Str('Heading above the provider grid.'),
            note: Str('The note on annual-plan prices and guarantees.'),
            featuredBy: Type.Optional(PickBy),
            featuredBadge: Str(
              'Badge on the featured card: the provider at the top of featuredBy; it names that measure, e.g. "Highest Rated" for rating.',
            ),
            cta: Str('Card button text; {name} becomes the provider name, e.g. "Get {name}".'),
          },
          'The comparison grid heading.',
        ),
      },
      'The home page.',
    ),
    notFound: Obj(
      {
        meta: Meta,
        code: Str('The big status text, "404".'),
        title: Str('"Oops! Page not found".'),
        linkLabel: Str('The link back to the home page, "Return to Home".'),
        text: Str('A sentence under the heading: what to try next.'),
        suggestions: Str('Heading over the pages whose names come closest to the address, e.g. "Were you looking for".'),
        sections: Str('Heading over the site\'s sections (the header\'s links), e.g. "Or start from a section".'),
      },
      'The not-found page.',
    ),
    formResults: Obj(
      {
        newsletter: Obj(
          {
            subscribed: FormResult('Subscribed', "the newsletter's success message"),
            invalid: FormResult('Check your email address', "the newsletter's invalid-email message"),
            failed: FormResult('Subscription failed', "the newsletter's failure message"),
            confirm: MailLinkResult(
              'Confirm',
              "/newsletter/confirm: the page of the confirmation mail's link, with one button; only the button confirms, so a mail scanner or a browser's prefetch of the link does not.",
              true,
            ),
            pending: FormResult('Confirmation already sent', "the footer's pendingNote, with its times"),
            confirmed: MailLinkResult('Subscription confirmed', '/newsletter/confirmed: where the link in the confirmation mail leads.'),
            unsubscribe: MailLinkResult(
              'Unsubscribe',
              "/newsletter/unsubscribe: the page of a mail's unsubscribe link, with one button.",
              true,
            ),
            unsubscribed: MailLinkResult(
              "You're unsubscribed",
              '/newsletter/unsubscribed: shown once the button, or a mail client, has unsubscribed.',
            ),
            linkExpired: MailLinkResult('This link has expired', '/newsletter/link-expired: a confirmation link older than 7 days.'),
            linkInvalid: MailLinkResult(
              'This link is not valid',
              '/newsletter/link-invalid: a link that was altered, cut short, or belongs to a sign-up that was since unsubscribed or erased.',
            ),
          },
          'The newsletter sign-up (/newsletter/subscribed, /newsletter/pending, /newsletter/invalid, /newsletter/failed), and the pages the links in its mails lead to.',
        ),
        contact: Obj(
          {
            sent: FormResult('Message sent', "the contact form's success message"),
            invalid: FormResult('Check your message', "the contact form's missing-fields message"),
            failed: FormResult('Message not sent', "the contact form's failure message"),
          },
          'The contact form: /contact-us/sent, /contact-us/invalid and /contact-us/failed (built when a page has the contact form).',
        ),
      },
      'Pages that tell a visitor without JavaScript how a form post went; never indexed, not in the sitemap.',
    ),
    errorPage: Obj(
      {
        title: Str('Heading of the router error screen, "Unexpected Application Error!".'),
        text: Str("One sentence under the heading; the screen then offers the not-found page's link home."),
      },
      "The screen shown when a page fails to load or render, inside the site's header and footer.",
    ),
    prices: Obj(
      {
        maxAgeDays: Type.Optional(
          Type.Integer({
            minimum: 1,
            description:
              'A plan whose `checked` date is older than this many days is a validate warning (an error under --strict). Default 90.',
          }),
        ),
        checked: Str(
          'The line under every price; {date} becomes the day it was checked, e.g. "Price checked {date}" (shown as 15 Jan 2025).',
        ),
        stale: Type.Optional(
          Str(
            'The line under a price checked more than maxAgeDays before the build, in the warning tone; {date} as above and {maxAgeDays} the limit, e.g. "Price checked {date}, over {maxAgeDays} days ago: it may have changed". Such a price is also left out of search engines\' offer data.',
          ),
        ),
        period: Str('What a price is for; {term} becomes the plan\'s term, e.g. "per month on the {term}".'),
        renewal: Type.Optional(
          Str(
            'The line under a price whose renewal is known; {price} becomes what each renewal is billed and {every} how often ("a year", "every 2 years"). Default "then {price} {every}".',
          ),
        ),
      },
      'How prices are shown, and how old a checked price may be.',
    ),
    budgets: Obj(
      {
        jsKb: Type.Number({
          minimum: 0,
          description: 'Largest JavaScript files a page loads before a visitor acts, in KB after gzip (0: none; the islands load later).',
        }),
        cssKb: Type.Number({ minimum: 1, description: 'Largest CSS per route, in KB after gzip.' }),
        htmlKb: Type.Number({ minimum: 1, description: 'Largest HTML document, in KB after gzip.' }),
        bootstrapBytes: Type.Integer({
          minimum: 1,
          description: 'Largest inline bootstrap script every page carries (counts the view, loads the islands), in bytes before gzip.',
        }),
        islandsKb: Obj(
          Object.fromEntries(
            ISLANDS.map((name) => [name, Type.Number({ minimum: 1, description: `The ${name} island's code, in KB after gzip.` })]),
          ) as Record<IslandName, ReturnType<typeof Type.Number>>,
          'Largest code of each island, what loads when a visitor reaches it (its file and what it imports), in KB after gzip.',
        ),
      },
      'Page-weight budgets that vpnsite build enforces.',
    ),
    disclosure: Obj(
      {
        text: Str(
          'One or two sentences shown beside every group of buttons that lead to /go/: that the site earns a commission, and that it does not change ratings.',
        ),
        link: Str(
          'Link text after it, to the page on how we test and where commissions fit (/how-we-test, when data/methodology.yaml exists).',
        ),
        allPaid: Type.Optional(
          Str(
            'Said first, beside a group of featured providers that all pay a commission, e.g. "Every provider featured here pays us a commission."',
          ),
        ),
      },
      'The affiliate disclosure next to the buttons it is about.',
    ),
    legal: Type.Optional(
      Obj(
        {
          jurisdiction: Str(
            'The governing law of the site\'s terms, e.g. "England and Wales": every {jurisdiction} in a legal-sections block becomes it.',
            { pattern: '^[^\\[\\]{}]+$' },
          ),
        },
        'What the legal pages state about the company behind the site.',
      ),
    ),
  },
  'Site-wide settings and the home page.',
);
