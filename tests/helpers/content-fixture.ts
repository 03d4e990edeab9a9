/** A small, valid content set held in memory, for unit tests of the checks (no file I/O). */
import { stringify } from 'yaml';
import { checkFiles, type ContentFile, type LoadResult } from '../../services/content/index.ts';
import { runOf, surfshark } from '../fixtures/minimal-content.ts';

/** A complete review section (required by the provider schema), appended after the card fields. */
const REVIEW = stringify({ review: surfshark.review });

const SITE = `brand:
  name: Test Site
  logo: "T"
  tagline: Testing
url: https://www.example.com
founded: 2020
nav:
  - { label: Home, href: / }
footer:
  blurb: A site.
  columns:
    - title: Quick Links
      links:
        - { label: Home, href: / }
  newsletter:
    title: Stay Updated
    text: News.
    placeholder: Email
    button: Subscribe
    invalidEmail: Please enter a valid email address.
    success: Check your inbox to confirm your subscription.
    confirmNote: Check your inbox to confirm.
    pendingNote: Sent {sent}; again {again}.
    failure: Failed to subscribe. Please try again.
  rights: All rights reserved.
home:
  meta:
    title: Home
    description: The home page.
    keywords: [vpn]
  updated: 2025-01-15
  hero:
    title: Find Your Perfect VPN Protection
    subtitle: Sub.
    points:
      - { icon: lock, title: Encryption, text: Strong. }
    cta: { label: Home, href: / }
  comparison:
    title: Best VPN Services Comparison 2025
    note: Annual plans.
    featuredBadge: Best Overall
    cta: Get {name}
notFound:
  meta:
    title: Not found
    description: Not found.
    keywords: ["404"]
  code: "404"
  title: Oops! Page not found
  linkLabel: Return to Home
  text: Try these.
  suggestions: Were you looking for
  sections: Sections
formResults:
  newsletter:
    subscribed: { title: Subscribed }
    invalid: { title: Check your email }
    failed: { title: Not subscribed }
    confirm: { title: Confirm, text: Press the button., button: Confirm }
    pending: { title: Already sent }
    confirmed: { title: Confirmed, text: Confirmed. }
    unsubscribe: { title: Unsubscribe, text: Press the button., button: Unsubscribe }
    unsubscribed: { title: Unsubscribed, text: Unsubscribed. }
    linkExpired: { title: Link expired, text: Sign up again. }
    linkInvalid: { title: Link not valid, text: Sign up again. }
  contact:
    sent: { title: Sent }
    invalid: { title: Check your message }
    failed: { title: Not sent }
errorPage:
  title: Unexpected Application Error!
  text: Something went wrong.
prices:
  checked: Price checked {date}
  period: per month on the {term}
budgets:
  jsKb: 0
  cssKb: 20
  htmlKb: 60
  bootstrapBytes: 2048
  islandsKb: { newsletter: 90, contact: 90, search: 90, search-page: 90, compare: 90, stats: 90 }
disclosure:
  text: We earn a commission from these links; it never changes a rating.
  link: How we test
`;

/** A provider file; `over` replaces whole lines by key (e.g. { rating: 'rating: 6' }). */
export function providerYaml(slug: string, over: Record<string, string> = {}): string {
  const lines: Record<string, string> = {
    slug: `slug: ${slug}`,
    // A comment where the provider's position once was, so that the lines the tests point at keep their numbers.
    ranked: '# listed by rating, ties by name',
    name: `name: ${slug.toUpperCase()}`,
    logo: 'logo: "V"',
    rating: 'rating: 4.5',
    servers: 'servers: 5400',
    countries: 'countries: 60',
    devices: 'devices: "6"',
    streaming: 'streaming: true',
    torrenting: 'torrenting: true',
    killSwitch: 'killSwitch: true',
    noLogs: 'noLogs: true',
    support: 'support: "24/7"',
    moneyBack: 'moneyBack: "30 days"',
    bestFor: 'bestFor: Security',
    description: 'description: A provider.',
    plan: 'plan: 2-year',
    plans:
      'plans:\n  2-year: { months: 24, guarantee: 30-day money-back guarantee, prices: [{ date: 2026-11-01, price: 3.39, regularPrice: 12.95, currency: USD, source: "https://example.com/pricing" }] }',
    affiliate: 'affiliate: "https://example.com/aff?sub={click_id}"',
    links: 'links: { website: "https://example.com" }',
    ...over,
    // Last, so that the lines the tests point at keep their numbers.
    owner: over.owner ?? 'owner: Example Ltd',
  };
  return `${Object.values(lines).filter(Boolean).join('\n')}\n${REVIEW}`;
}

/** The base content set: site.yaml and two providers (nordvpn, surfshark). */
export function baseFiles(): ContentFile[] {
  return [
    { rel: 'site.yaml', text: SITE },
    { rel: 'providers/nordvpn.yaml', text: providerYaml('nordvpn') },
    { rel: 'providers/surfshark.yaml', text: providerYaml('surfshark') },
    { rel: 'tests/nordvpn/2025-01-15.yaml', text: stringify(runOf()) },
    { rel: 'tests/surfshark/2025-01-15.yaml', text: stringify(runOf()) },
  ];
}

/** Checks the base set with some files replaced or added, on a fixed date. */
export function check(changes: ContentFile[] = [], today = '2026-11-21'): LoadResult {
  const files = new Map(baseFiles().map((f) => [f.rel, f.text]));
  for (const c of changes) files.set(c.rel, c.text);
  return checkFiles(
    'data',
    [...files].map(([rel, text]) => ({ rel, text })),
    { today },
  );
}

/** The base site.yaml with one substring replaced. */
export function siteWith(from: string, to: string): ContentFile {
  if (!SITE.includes(from)) throw new Error(`fixture site.yaml has no "${from}"`);
  return { rel: 'site.yaml', text: SITE.replace(from, to) };
}
