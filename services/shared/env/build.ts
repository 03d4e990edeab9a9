/** The build of the site. */
import { Type } from '@sinclair/typebox';
import { ORIGIN } from './patterns.ts';

export const build = {
  VITE_API_ORIGIN: Type.Optional(
    Type.String({
      pattern: ORIGIN,
      accepts: 'an origin such as https://api.example.com',
      description: "Build time, not run time: the origin the site's forms post to (default: the page's own origin).",
    }),
  ),
  VPNSITE_CACHE_DIR: Type.Optional(
    Type.String({
      description:
        'vpnsite validate and build: where they keep their caches (compiled schemas, rendered reviews and articles and their gzip sizes; default node_modules/.cache/vpnsite).',
    }),
  ),
  VPNSITE_CACHE: Type.Optional(
    Type.Literal('0', {
      description: '0: vpnsite validate and build use no cache: no compiled schemas, rendered pages or gzip sizes kept between runs.',
    }),
  ),
  VPNSITE_THREADS: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'vpnsite build: how many threads render the reviews and articles, and finish and check the built pages (default one per core; 1 does everything in one thread).',
    }),
  ),
  VPNSITE_PLAIN_BUILD: Type.Optional(
    Type.Literal('1', {
      description:
        "1: vpnsite build lets React Router prerender every page itself and keeps no page for the next build: the baseline that npm run bench:build:plain measures the build's own machinery against.",
    }),
  ),
};
