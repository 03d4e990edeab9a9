/**
 * Toasts (spec §8) with sonner, loaded on first use so pages without a toast never download it. The toaster
 * mounts in its own root; the first toast waits until it is listening.
 */
import { createElement, useEffect } from 'react';

type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | undefined;

function mount(): Promise<Sonner> {
  return Promise.all([import('sonner'), import('react-dom/client')]).then(
    ([sonner, { createRoot }]) =>
      new Promise<Sonner>((resolve) => {
        // Effects run children first, so when this one runs the Toaster has subscribed to new toasts.
        function Host() {
          useEffect(() => resolve(sonner), []);
          return createElement(sonner.Toaster, { position: 'bottom-right', richColors: true });
        }
        const host = document.createElement('div');
        document.body.append(host);
        createRoot(host).render(createElement(Host));
      }),
  );
}

/** Shows a success or error toast. */
export async function showToast(kind: 'success' | 'error', message: string): Promise<void> {
  loading ??= mount();
  (await loading).toast[kind](message);
}
