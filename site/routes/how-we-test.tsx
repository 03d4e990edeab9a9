import { ranked } from '../../services/content/pairs.ts';
import type { Route } from './+types/how-we-test';
import { Byline } from '../components/byline';
import { DataTable, CELL } from '../components/data-table';
import { ProviderFigure } from '../components/figure';
import { ReviewLink } from '../components/provider-name';
import { Paragraphs, Section } from '../components/section';
import { getContent, routeFor, trailTo, fieldsOf, NAMED } from '../lib/content.server';
import { earnsFrom } from '../lib/editorial.server';
import { pageMeta } from '../lib/meta';
import { breadcrumbs } from '../lib/structured-data';
import { formatShortDate } from '../../services/content/figure-format.ts';

/** The method, from methodology.yaml, and every reviewed provider with its owner and whether it pays the site. */
export function loader({ url }: Route.LoaderArgs) {
  const entry = routeFor(url);
  const { site, methodology, providers } = getContent().content;
  if (!methodology) throw new Response('Not Found', { status: 404 });
  const trail = trailTo({ name: methodology.title, path: entry.path });
  return {
    url: site.url,
    path: entry.path,
    trail,
    method: methodology,
    providers: providers.filter(ranked).map((p) => ({ ...fieldsOf(p, NAMED), owner: p.owner, earns: earnsFrom(p) })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { method, url, path, trail } = loaderData;
  return pageMeta(method.meta, url, path, { jsonLd: [breadcrumbs(url, trail)] });
}

/** The method's running text: paragraphs that follow a heading. */
const TEXT = 'mt-3 leading-7 text-slate-700';

export default function HowWeTest({ loaderData }: Route.ComponentProps) {
  const { method: m, providers } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-12" data-testid="method">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{m.title}</h1>
        <Byline by="" updated={m.updated} updatedLabel={m.updatedLabel} className="mt-3 text-slate-600" />
        {m.version && m.labels.version && (
          <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="method-version">
            {m.labels.version.replace('{version}', m.version)}
          </p>
        )}
        <Paragraphs texts={m.intro} className="mt-4 text-lg leading-8 text-slate-700" />
      </header>

      <Section headingId="criteria" title={m.labels.criteria} className="mt-10">
        <DataTable columns={[m.labels.criterion, m.labels.weight, m.labels.tested]} testId="criteria">
          {m.criteria.map((c) => (
            <tr key={c.id} data-criterion={c.id}>
              <th scope="row" className={`${CELL} font-semibold`}>
                {c.name}
              </th>
              <td className={`${CELL} tabular-nums`}>{c.weight}%</td>
              <td className={`${CELL} text-slate-700`}>{c.description}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section headingId="scoring" title={m.scoring.title} className="mt-10">
        <Paragraphs texts={m.scoring.text} className={TEXT} />
      </Section>

      <Section headingId="conditions" title={m.conditions.title} className="mt-10">
        <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="conditions">
          {m.conditions.items.map((c) => (
            <li key={c.label} className="rounded-xl border border-slate-200 bg-white p-5 text-center">
              <p className="text-3xl font-extrabold text-blue-700">{c.value}</p>
              <p className="mt-1 text-sm text-slate-700">{c.label}</p>
            </li>
          ))}
        </ul>
        <Paragraphs texts={m.conditions.note} className="mt-4 leading-7 text-slate-700" />
      </Section>

      {m.changes && m.labels.changes && (
        <Section headingId="method-changes" title={m.labels.changes} className="mt-10" data-testid="method-changes">
          <ol className="mt-4 space-y-3">
            {m.changes.map((c) => (
              <li key={c.version} className="rounded-xl border border-slate-200 bg-white p-5">
                <p className="text-sm font-semibold text-slate-800">
                  {m.labels.version?.replace('{version}', c.version) ?? c.version} ·{' '}
                  <time dateTime={c.date}>{formatShortDate(c.date)}</time>
                </p>
                <p className="mt-1 leading-7 text-slate-700">{c.text}</p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <Section headingId="commissions" title={m.commissions.title} className="mt-10">
        <Paragraphs texts={m.commissions.text} className={TEXT} />
      </Section>

      <Section headingId="providers" title={m.providers.title} className="mt-10">
        <DataTable columns={[m.providers.name, m.providers.owner, m.providers.rating, m.providers.commission]} testId="owners" stack>
          {providers.map((p) => (
            <tr key={p.slug} data-provider={p.slug}>
              <th scope="row" className={CELL}>
                <ReviewLink p={p} />
              </th>
              <td className={CELL} data-testid="owner" data-label={m.providers.owner}>
                {p.owner}
              </td>
              <td className={`${CELL} tabular-nums`} data-label={m.providers.rating}>
                <ProviderFigure slug={p.slug} figure="rating" value={p.rating} />
              </td>
              <td className={CELL} data-testid="commission" data-label={m.providers.commission}>
                {p.earns ? m.providers.yes : m.providers.no}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </article>
  );
}
