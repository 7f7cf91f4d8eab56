import { lazy, Suspense, type ComponentType } from 'react';
import { Loader } from '../components/Loader.tsx';

const loaders = new WeakMap<ComponentType, () => Promise<unknown>>();

/**
 * A page whose code loads when it is first shown, in its own chunk, instead of with every sign-in page:
 * the main bundle stays small. `load` imports the page's module and picks the component.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  let loading: Promise<ComponentType> | undefined;
  const once = () => (loading ??= load());
  const Page = lazy(async () => ({ default: await once() }));
  function LazyPage() {
    return (
      <Suspense fallback={<Loader />}>
        <Page />
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
