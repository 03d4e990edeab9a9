import { NotFound, notFoundMeta } from '../components/not-found';

export function meta() {
  // The `*` route has no loader (ssr:false cannot prerender one); its texts come from the root's data.
  return notFoundMeta();
}

export default NotFound;
