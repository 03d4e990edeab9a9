/** Blocks of the guides index and the company, contact and legal pages. */
import { Type } from '@sinclair/typebox';
import { Icon, List, Obj, Str } from '../common.ts';
import { block, Heading } from './define.ts';

export const GuideCardsBlock = block(
  'guide-cards',
  {
    heading: Heading,
    intro: Type.Optional(Str('A sentence under the heading.')),
    quickStepsLabel: Str('Heading above each card\'s quick steps, e.g. "Quick steps".'),
    button: Str('Button text, e.g. "View Detailed Guide".'),
  },
  "One card per guide in data/guides (from each guide's `card`), with a full-page link to the guide.",
);

export const ArticleCardsBlock = block(
  'article-cards',
  {
    heading: Heading,
    intro: Type.Optional(Str('A sentence under the heading.')),
    readMore: Str('Link text at the foot of each card, e.g. "Read the article".'),
  },
  'One card per article in data/articles (its category, title, summary and update line), each linking to the article.',
);

export const ContactInfoBlock = block(
  'contact-info',
  {
    heading: Heading,
    intro: Type.Optional(Str('A sentence under the heading.')),
    items: List(
      Obj({ icon: Icon, label: Str('What this is, e.g. "Email".'), value: Str('The detail, e.g. an address.') }, 'One contact detail.'),
      'The details.',
    ),
    replyPromise: Type.Optional(
      Str(
        'The promise of a reply, e.g. "We reply to every message within 24 hours.", highlighted. Shown only on a site built with CONTACT_NOTIFY_TO set: without it messages are stored but go to no one.',
      ),
    ),
  },
  'A panel of contact details.',
);

const Field = (what: string) =>
  Obj({ label: Str(`Label of the ${what} field.`), placeholder: Str(`Placeholder of the ${what} field.`) }, `The ${what} field.`);

export const ContactFormBlock = block(
  'contact-form',
  {
    heading: Heading,
    intro: Type.Optional(Str('A sentence under the heading.')),
    name: Field('name'),
    email: Field('email'),
    subject: Field('subject (optional)'),
    message: Field('message'),
    honeypotLabel: Str('Label of the hidden anti-spam field people never see; screen readers skip it too.'),
    button: Str('Submit button text.'),
    sending: Str('Button text while sending, e.g. "Sending...".'),
    missingFields: Str('Toast when name, email or message is empty.'),
    success: Str('Toast after the message was sent.'),
    failure: Str('Toast when sending failed.'),
  },
  'The contact form; it posts JSON to /api/contact-form.',
);

export const LegalSectionsBlock = block(
  'legal-sections',
  {
    sections: List(
      Obj(
        {
          title: Str('Section heading without its number; numbers come from the order.'),
          paragraphs: List(Str('One paragraph; {jurisdiction} becomes site.yaml legal.jurisdiction.'), 'The paragraphs.'),
          bullets: Type.Optional(List(Str('One bullet.'), 'A list under the paragraphs.')),
        },
        'One numbered section.',
      ),
      'The sections, in order.',
    ),
  },
  'Numbered legal sections (terms of service, privacy policy).',
);
