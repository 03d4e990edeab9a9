import type { Route } from './+types/stats';
import { getContent } from '../lib/content.server';
import { Island } from '../components/island';
import { StatsDashboard } from '../components/stats-dashboard';

export function loader() {
  return { brand: getContent().content.site.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Stats | ${loaderData.brand}` },
    { name: 'description', content: 'Views, clicks, conversions and earnings of the site, for its owner.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The dashboard, which reads everything in the browser (components/stats-dashboard.tsx). */
export default function Stats() {
  return <Island name="stats" component={StatsDashboard} props={{}} load="visible" />;
}
