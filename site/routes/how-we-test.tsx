import { ranked } from '../../services/content/pairs.ts';
import type { Route } from './+types/how-we-test';
import { Byline } from '../components/byline';
import { Logo } from '../components/logo';
import { ProviderFigure } from '../components/figure';
import { SiteLink } from '../components/site-link';
import { getContent, routeFor } from '../lib/content.server';
import { earnsFrom } from '../lib/editorial.server';
import { pageMeta } from '../lib/meta';
import { breadcrumbs } from '../lib/structured-data';

/** The method, from methodology.yaml, and every reviewed provider with its owner and whether it pays the site. */
export function loader({ url }: Route.LoaderArgs) {
  const entry = routeFor(url);
  const { site, methodology, providers } = getContent().content;
  if (!methodology) throw new Response('Not Found', { status: 404 });
  const trail = [
    { name: site.brand.name, path: '/' },
    { name: methodology.title, path: entry.path },
  ];
  return {
    url: site.url,
    path: entry.path,
    trail,
    method: methodology,
    providers: providers.filter(ranked).map((p) => ({
      slug: p.slug,
      name: p.name,
      logo: p.logo,
      logoSvg: p.logoSvg,
      rating: p.rating,
      owner: p.owner,
      earns: earnsFrom(p),
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { method, url, path, trail } = loaderData;
  return pageMeta(method.meta, url, path, { jsonLd: [breadcrumbs(url, trail)] });
}

export default function HowWeTest({ loaderData }: Route.ComponentProps) {
  const { method: m, providers } = loaderData;
  const cell = 'px-4 py-3';
  return (
    <article className="mx-auto max-w-5xl px-4 py-12" data-testid="method">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{m.title}</h1>
        <Byline by="" updated={m.updated} updatedLabel={m.updatedLabel} className="mt-3 text-slate-600" />
        {m.intro.map((t) => (
          <p key={t} className="mt-4 text-lg leading-8 text-slate-700">
            {t}
          </p>
        ))}
      </header>

      <section className="mt-10" aria-labelledby="criteria">
        <h2 id="criteria" className="text-2xl font-bold">
          {m.labels.criteria}
        </h2>
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="criteria">
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                <th scope="col" className={cell}>
                  {m.labels.criterion}
                </th>
                <th scope="col" className={cell}>
                  {m.labels.weight}
                </th>
                <th scope="col" className={cell}>
                  {m.labels.tested}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {m.criteria.map((c) => (
                <tr key={c.id} data-criterion={c.id}>
                  <th scope="row" className={`${cell} font-semibold`}>
                    {c.name}
                  </th>
                  <td className={`${cell} tabular-nums`}>{c.weight}%</td>
                  <td className={`${cell} text-slate-700`}>{c.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mt-10" aria-labelledby="scoring">
        <h2 id="scoring" className="text-2xl font-bold">
          {m.scoring.title}
        </h2>
        {m.scoring.text.map((t) => (
          <p key={t} className="mt-3 leading-7 text-slate-700">
            {t}
          </p>
        ))}
      </section>

      <section className="mt-10" aria-labelledby="conditions">
        <h2 id="conditions" className="text-2xl font-bold">
          {m.conditions.title}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="conditions">
          {m.conditions.items.map((c) => (
            <li key={c.label} className="rounded-xl border border-slate-200 bg-white p-5 text-center">
              <p className="text-3xl font-extrabold text-blue-700">{c.value}</p>
              <p className="mt-1 text-sm text-slate-700">{c.label}</p>
            </li>
          ))}
        </ul>
        {m.conditions.note.map((t) => (
          <p key={t} className="mt-4 leading-7 text-slate-700">
            {t}
          </p>
        ))}
      </section>

      <section className="mt-10" aria-labelledby="commissions">
        <h2 id="commissions" className="text-2xl font-bold">
          {m.commissions.title}
        </h2>
        {m.commissions.text.map((t) => (
          <p key={t} className="mt-3 leading-7 text-slate-700">
            {t}
          </p>
        ))}
      </section>

      <section className="mt-10" aria-labelledby="providers">
        <h2 id="providers" className="text-2xl font-bold">
          {m.providers.title}
        </h2>
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="owners">
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                <th scope="col" className={cell}>
                  {m.providers.name}
                </th>
                <th scope="col" className={cell}>
                  {m.providers.owner}
                </th>
                <th scope="col" className={cell}>
                  {m.providers.rating}
                </th>
                <th scope="col" className={cell}>
                  {m.providers.commission}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {providers.map((p) => (
                <tr key={p.slug} data-provider={p.slug}>
                  <th scope="row" className={cell}>
                    <SiteLink
                      to={`/vpn-reviews/${p.slug}`}
                      className="inline-flex items-center gap-2 font-semibold text-blue-700 hover:underline"
                    >
                      <Logo emoji={p.logo} svg={p.logoSvg} size={24} />
                      {p.name}
                    </SiteLink>
                  </th>
                  <td className={cell} data-testid="owner">
                    {p.owner}
                  </td>
                  <td className={`${cell} tabular-nums`}>
                    <ProviderFigure slug={p.slug} figure="rating" value={p.rating} />
                  </td>
                  <td className={cell} data-testid="commission">
                    {p.earns ? m.providers.yes : m.providers.no}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
