/**
 * Toast notifications through sonner, loaded on first use: a dynamic import keeps it out of the first paint.
 * One Toaster for the whole site, mounted in its own root the first time a toast is shown.
 */
import { useEffect } from 'react';
// Static: every island that shows a toast has already loaded React DOM to hydrate, and a bundler may hand a dynamic
// import of this CommonJS module over without its named exports.
import { createRoot } from 'react-dom/client';

type Kind = 'success' | 'error';

/** Up to 3 toasts at once, each closing after 4000 ms. */
const VISIBLE_TOASTS = 3;
const DURATION_MS = 4000;

let ready: Promise<typeof import('sonner').toast> | undefined;

function Ready({ onReady }: { onReady: () => void }) {
  // Effects run in tree order, so this one runs after the Toaster before it has subscribed to new toasts.
  useEffect(onReady, [onReady]);
  return null;
}

async function mount(): Promise<typeof import('sonner').toast> {
  const { Toaster, toast } = await import('sonner');
  const host = document.createElement('div');
  host.dataset.toaster = '';
  document.body.append(host);
  await new Promise<void>((resolve) => {
    createRoot(host).render(
      <>
        <Toaster visibleToasts={VISIBLE_TOASTS} duration={DURATION_MS} position="bottom-right" richColors />
        <Ready onReady={resolve} />
      </>,
    );
  });
  return toast;
}

/** Shows a toast, loading sonner and mounting its Toaster the first time. */
export async function showToast(kind: Kind, message: string): Promise<void> {
  ready ??= mount();
  const toast = await ready;
  toast[kind](message);
}
