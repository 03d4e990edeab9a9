/** A provider file's own rules, checked with the file alone: its plans, its affiliate link, and its smart links (`rules:`, `split:`). */
import type { FileFacts } from './file-facts.ts';
import { suggestion, type Severity } from './problem.ts';
import { locate, type SourceFile } from './source.ts';
import { countryName } from './countries.ts';
import { planLabel } from './figure-format.ts';

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Reports a problem at the value (or key) a pointer names. */
type Reporter = (s: SourceFile, pointer: string, severity: Severity, message: string, where?: 'value' | 'key') => void;

/** The host a URL points to, or undefined. */
export function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url.replace('{click_id}', 'x')).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A check of one provider file: its source (for positions), its data, where to report, the facts the file's other
 * rules gathered, and whether a pointer's value passed the schema (a rule looks only at values that did).
 */
type ProviderFileRule = (
  s: SourceFile,
  data: Record<string, unknown>,
  at: Reporter,
  facts: FileFacts,
  usable: (pointer: string) => boolean,
) => void;

/**
 * A provider's `rules:` and `split:`: every `to` names a link it has, every country is a real code, a schedule runs
 * forwards, the split's weights make 100, and no share of a split leaves the provider's own domains (its website's
 * and its affiliate link's, and `allowedDomains:`) without saying so: a typo there would send paid traffic elsewhere.
 * Whether a schedule has ended depends on the day, so that is decided with the other dates.
 */
export const routingRules: ProviderFileRule = (s, data, at, facts, usable) => {
  const links = data.links as Record<string, unknown>;
  const names = ['affiliate', ...Object.keys(links)];
  const checkTo = (pointer: string, to: unknown): to is string => {
    if (typeof to !== 'string' || !usable(pointer)) return false;
    if (names.includes(to)) return true;
    at(s, pointer, 'error', `'${to}' is not one of ${String(data.name)}'s links (${names.join(', ')})${suggestion(to, names)}`);
    return false;
  };
  const rules = Array.isArray(data.rules) && usable('/rules') ? (data.rules as { when?: Record<string, unknown>; to?: unknown }[]) : [];
  rules.forEach((rule, i) => {
    checkTo(`/rules/${i}/to`, rule?.to);
    const when = rule?.when ?? {};
    if (Array.isArray(when.country)) {
      when.country.forEach((code: unknown, j) => {
        const pointer = `/rules/${i}/when/country/${j}`;
        if (typeof code === 'string' && usable(pointer) && !countryName(code)) {
          at(
            s,
            pointer,
            'error',
            `'${code}' is not an ISO 3166-1 alpha-2 country code${code === 'UK' ? ": the United Kingdom's is GB" : ''}`,
          );
        }
      });
    }
    const { from, until } = when as { from?: unknown; until?: unknown };
    if (typeof from === 'string' && typeof until === 'string' && from > until)
      at(s, `/rules/${i}/when/from`, 'error', `the rule starts on ${from}, after it ends on ${until}`);
    if (typeof until === 'string' && usable(`/rules/${i}/when/until`)) {
      const end = { pointer: `/rules/${i}/when/until`, endsOn: until, schedule: true as const };
      facts.ends.push(end);
      locate(s, end.pointer);
    }
  });
  if (!Array.isArray(data.split) || !usable('/split')) return;
  const split = data.split as { to?: unknown; weight?: unknown }[];
  const sum = split.reduce((n, v) => n + (typeof v?.weight === 'number' ? v.weight : 0), 0);
  if (sum !== 100) at(s, '/split', 'error', `the split's weights sum to ${sum}; they must sum to 100`, 'key');
  const own = [
    ...new Set([hostOf(links.website), hostOf(data.affiliate)].filter((h): h is string => !!h).map((h) => h.replace(/^www\./, ''))),
  ];
  const allowed = [...own, ...(Array.isArray(data.allowedDomains) ? (data.allowedDomains as string[]) : [])];
  split.forEach((v, k) => {
    const pointer = `/split/${k}/to`;
    if (!checkTo(pointer, v?.to)) return;
    const host = hostOf(v.to === 'affiliate' ? data.affiliate : links[v.to]);
    if (host && !allowed.some((d) => host === d || host.endsWith(`.${d}`))) {
      at(
        s,
        pointer,
        'error',
        `'${v.to}' sends ${String(v.weight)}% of /go/${String(data.slug)} to ${host}, outside ${String(data.name)}'s own domains (${own.join(', ')}): list it in allowedDomains if that is meant`,
      );
    }
  });
};

/** A provider's own plan references, its plans' labels, and the days its prices were checked. */
export const providerRules: ProviderFileRule = (s, data, at, facts, usable) => {
  const plans = data.plans as Record<string, { prices?: unknown; months?: unknown; extras?: unknown }>;
  const ids = Object.keys(plans);
  // A visitor tells plans apart by their label alone: two with one label would show two prices for "one" plan.
  const labels = new Map<string, string>();
  for (const id of ids) {
    const plan = plans[id];
    const pointer = `/plans/${escapeKey(id)}`;
    if (typeof plan?.months !== 'number' || !usable(`${pointer}/months`) || !usable(`${pointer}/extras`)) continue;
    const label = planLabel({ months: plan.months, ...(Array.isArray(plan.extras) ? { extras: plan.extras as string[] } : {}) });
    const first = labels.get(label);
    if (first === undefined) labels.set(label, id);
    else
      at(
        s,
        pointer,
        'error',
        `plans '${first}' and '${id}' are both shown as "${label}": a visitor could not tell them apart; merge them, or tell them apart by their months or extras`,
        'key',
      );
  }
  const checkPlan = (pointer: string, id: unknown) => {
    if (typeof id === 'string' && usable(pointer) && !Object.hasOwn(plans, id))
      at(s, pointer, 'error', `'${id}' is not one of ${data.name}'s plans (${ids.join(', ')})${suggestion(id, ids)}`);
  };
  checkPlan('/plan', data.plan);
  // A discontinued provider's prices are history: no page offers them, so their age is nobody's concern.
  if (data.status === 'discontinued') return;
  checkPlan('/review/deal/plan', (data.review as { deal?: { plan?: unknown } } | undefined)?.deal?.plan);
  // How fresh a plan's price is: the day of its latest observation.
  for (const id of ids) {
    const prices = plans[id]?.prices;
    if (!Array.isArray(prices) || !prices.length) continue;
    const pointer = `/plans/${escapeKey(id)}/prices/${prices.length - 1}/date`;
    const date: unknown = (prices.at(-1) as { date?: unknown } | undefined)?.date;
    if (typeof date !== 'string' || !usable(pointer)) continue;
    const checked = { pointer, date };
    facts.checked.push(checked);
    locate(s, checked.pointer);
  }
};

/**
 * A plan's observations are a history, oldest first: one dated before the one above it is a mistake (the site would
 * show an older price as the latest). `pricing.plans` may name only the provider's plans.
 */
export const priceHistoryRules: ProviderFileRule = (s, data, at, _facts, usable) => {
  const plans = data.plans as Record<string, { prices?: unknown }>;
  for (const [id, plan] of Object.entries(plans)) {
    const prices = plan?.prices;
    if (!Array.isArray(prices)) continue;
    prices.forEach((o: { date?: unknown }, i) => {
      const before = (prices[i - 1] as { date?: unknown } | undefined)?.date;
      const pointer = `/plans/${escapeKey(id)}/prices/${i}/date`;
      if (typeof o?.date === 'string' && typeof before === 'string' && o.date < before && usable(pointer))
        at(
          s,
          pointer,
          'error',
          `observed on ${o.date}, before the observation above it (${before}): the list is oldest first, the last is the price shown; add new prices at the end`,
        );
    });
  }
  const pricing = (data.pricing as { plans?: Record<string, unknown> } | undefined)?.plans ?? {};
  const ids = Object.keys(plans);
  for (const id of Object.keys(pricing)) {
    const pointer = `/pricing/plans/${escapeKey(id)}`;
    if (!Object.hasOwn(plans, id) && usable(pointer))
      at(s, pointer, 'error', `'${id}' is not one of ${String(data.name)}'s plans (${ids.join(', ')})${suggestion(id, ids)}`, 'key');
  }
};

/**
 * A provider's lifecycle: `status: discontinued` comes with `discontinued:` (when and why) and keeps its review,
 * which is what its /go/ link then leads to; `discontinued:` without that status would be a shutdown nobody sees.
 */
export function lifecycleRules(s: SourceFile, data: Record<string, unknown>, at: Reporter, usable: (pointer: string) => boolean): void {
  if (!usable('/status') || !usable('/discontinued')) return;
  const gone = data.status === 'discontinued';
  if (gone && data.discontinued === undefined)
    at(
      s,
      '/status',
      'error',
      `a discontinued provider needs \`discontinued:\` with the day it shut down (\`on:\`) and a one-line \`reason:\`, shown on its review`,
    );
  if (!gone && data.discontinued !== undefined)
    at(
      s,
      '/discontinued',
      'error',
      `\`discontinued:\` needs \`status: discontinued\`; without it ${String(data.name)} is still ranked and sold`,
      'key',
    );
  if (gone && data.review === undefined && usable('/review'))
    at(
      s,
      '/status',
      'error',
      `a discontinued provider keeps its review: its notice tells visitors what happened, and /go/${String(data.slug)} leads there`,
    );
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}
