import { type ComponentType, lazy, Suspense, useState } from 'react';

import { Loader } from '../components/Loader.tsx';

const loaders = new WeakMap<ComponentType, () => Promise<unknown>>();

/**
 * A page whose code loads when it is first shown, in its own chunk, instead of with every sign-in page:
 * the main bundle stays small. `load` imports the page's module and picks the component. A download
 * that failed (the server was down) is not kept: the next time the page is shown (Retry on the error
 * page, or following a link to it again) it is downloaded again.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  let loading: Promise<ComponentType> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  let failed = false;
  const makePage = () =>
    lazy(async () => {
      try {
        return { default: await once() };
      } catch (error) {
        failed = true;
        throw error;
      }
    });
  // React keeps a lazy component's failure for good: after one, the page is shown by a fresh one.
  let Page = makePage();
  const current = () => {
    if (failed) {
      failed = false;
      Page = makePage();
    }
    return Page;
  };
  function LazyPage() {
    const [Shown] = useState(current);
    return (
      <Suspense fallback={<Loader />}>
        <Shown />
      </Suspense>
    );
  }
  loaders.set(LazyPage, once);
  return LazyPage;
}

/** Starts loading a lazy page's chunk now (nothing for a page that is not lazy); a failure shows when it renders. */
export function preloadPage(page: ComponentType): void {
  loaders
    .get(page)?.()
    .catch(() => undefined);
}
