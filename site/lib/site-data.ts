/** The root route's data (brand, navigation, footer, labels) for any component, route or boundary. */
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

export function useSite(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
