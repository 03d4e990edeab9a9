/**
 * A part of a page that a visitor acts on, and the only part of a built page that runs script (docs/islands.md).
 * The page is rendered whole at build time; the island's component renders here as it does anywhere, inside a
 * wrapper that takes no room (`display: contents`), and its props are written beside it as JSON. In the browser the
 * page's bootstrap (site/islands/bootstrap.ts) loads the island's own file on the visitor's first focus, input or
 * click inside it (or once it scrolls into view, for `load="visible"`), and that file hydrates the wrapper from
 * those props: the same component with the same props renders the same HTML, so nothing is replaced.
 *
 * The component must therefore read nothing but its props: no router hook, no useId (its ids differ between the
 * page's tree and the island's own root), nothing from the loader's context.
 */
import type { ComponentType } from 'react';
import type { IslandName } from '../../services/content/islands.ts';

/** JSON that is safe inside a <script> element: `<` never closes it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `load`: "interaction" (the default) waits for the visitor; "visible" loads once any of it is on screen. */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  load = 'interaction',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  load?: 'interaction' | 'visible';
}) {
  return (
    <>
      <div data-island={name} data-load={load === 'visible' ? 'visible' : undefined} className="contents">
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props=""
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, never run; `<` is escaped so it cannot close the element
        dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
      />
    </>
  );
}
