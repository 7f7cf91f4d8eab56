import { lazy, Suspense, type ComponentType } from 'react';
import { Loader } from '../components/Loader.tsx';

/**
 * A page whose code loads when it is first shown, in its own chunk, instead of with every sign-in page:
 * the main bundle stays small. `load` imports the page's module and picks the component.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<Loader />}>
        <Page />
      </Suspense>
    );
  };
}
