import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [index('routes/home.tsx'), route('p/:n', 'routes/page.tsx')] satisfies RouteConfig;
