/**
 * What every island's file exports: a function the page's bootstrap calls with the island's wrapper and the props
 * written beside it. It hydrates the wrapper and resolves once React has committed (the wrapper is then marked
 * `data-hydrated`, which tests wait for). A mismatch between the page's HTML and the island's first render is
 * logged as an error.
 */
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export type Mount = (element: HTMLElement, props: unknown) => Promise<void>;

function Committed({ element, done }: { element: HTMLElement; done: () => void }) {
  useEffect(() => {
    element.dataset.hydrated = '';
    done();
  }, [element, done]);
  return null;
}

/** The mount function of an island whose component is `Component`. */
export function island<P extends object>(Component: ComponentType<P>): Mount {
  return (element, props) =>
    new Promise((resolve) => {
      hydrateRoot(
        element,
        <>
          <Component {...(props as P)} />
          <Committed element={element} done={resolve} />
        </>,
        { onRecoverableError: (error) => console.error('island hydration', error) },
      );
    });
}
