/**
 * A react-hook-form resolver over a shared zod schema that is imported on the form's first validation (or
 * on `preload`) instead of with the page: the sign-in page's first load then brings neither zod nor the
 * schema. Validation, and so every message, is the schema's, as with `zodResolver`.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<S extends z.ZodType> = Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> & {
  /** Starts loading zod and the schema now, such as when the user starts typing. */
  preload: () => void;
};

export function lazyZodResolver<S extends z.ZodType>(loadSchema: () => Promise<S>): LazyResolver<S> {
  type Loaded = Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Loaded)
      .catch((error: unknown) => {
        // A failed download (the network dropped) is tried again at the next validation.
        loading = undefined;
        throw error;
      }));
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
