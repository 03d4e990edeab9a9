/**
 * What the route table reads of the content, and the form-result pages it lists: below routes.ts and the route
 * stubs, which both use them.
 */

/**
 * The pages a form posted without JavaScript lands on, by form and outcome: the service answers such a post with a
 * 303 to one of them (services/http/routes/form-results.ts), and the build prerenders each from site.yaml.
 */
export const FORM_RESULTS = {
  newsletter: {
    subscribed: '/newsletter/subscribed',
    invalid: '/newsletter/invalid',
    failed: '/newsletter/failed',
    // A sign-up of an address whose confirmation mail went out within the hour: no new mail, and when it was sent.
    pending: '/newsletter/pending',
    // Where the links in the newsletter's mails lead (services/http/routes/newsletter.ts).
    confirm: '/newsletter/confirm',
    confirmed: '/newsletter/confirmed',
    unsubscribe: '/newsletter/unsubscribe',
    unsubscribed: '/newsletter/unsubscribed',
    linkExpired: '/newsletter/link-expired',
    linkInvalid: '/newsletter/link-invalid',
  },
  contact: { sent: '/contact-us/sent', invalid: '/contact-us/invalid', failed: '/contact-us/failed' },
} as const;

export interface Meta {
  title: string;
  description: string;
}

interface Titled {
  slug: string;
  updated: string;
  meta: Meta;
}
type FormResultTitles = {
  [F in keyof typeof FORM_RESULTS]: Partial<Record<keyof (typeof FORM_RESULTS)[F], { title: string; text?: string }>>;
};

/**
 * What the route table reads of the content (a Content is one). Validation builds it from each file's routeStub
 * alone, so the cross-file rules never need a file's whole data.
 */
export interface RouteContent {
  site: { home: { updated: string; meta: Meta }; notFound: { meta: Meta }; formResults: FormResultTitles };
  providers: { slug: string; name: string; status?: string; draft?: boolean; review?: { updated: string; meta: Meta } }[];
  reviews?: { updated: string; meta: Meta };
  deals?: { updated: string; meta: Meta };
  gaming?: { updated: string; meta: Meta };
  streaming?: { updated: string; meta: Meta };
  guides: Titled[];
  pages: (Titled & { blocks?: { type: string }[]; contactForm?: boolean; articleCards?: boolean })[];
  articles: Titled[];
  methodology?: { updated: string; meta: Meta };
  comparison?: { updated: string; meta: Meta; pair: { metaTitle: string; description: string }; pairs?: { limit?: number } };
  /** The editors' own words on head-to-head pages: only their slugs and dates count here. */
  pairs?: { slug: string; updated: string }[];
}
