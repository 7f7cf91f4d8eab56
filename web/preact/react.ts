// What `import ... from 'react'` resolves to in the SPA's build and its unit tests: Preact's React
// compatibility layer (docs/decisions.md, "Preact renders the SPA"), plus the one React 19 hook that a
// library we ship imports and the layer lacks.
// The module has named exports; its type declarations describe them as one `export =` namespace, which
// TypeScript will not re-export with `export *`. What the SPA's code may use is typed by @types/react.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `useOptimistic`, which React Router imports for its data router. In React an optimistic
 * value shows only while the transition that set it is pending and gives way to the passed state when it
 * ends. Preact runs `startTransition` synchronously, so a transition has ended before anything is painted:
 * the passed state is always what shows, and setting an optimistic value changes nothing visible.
 */
export function useOptimistic<State, Action = State>(
  passthrough: State,
  _reducer?: (current: State, action: Action) => State,
): [State, (action: Action) => void] {
  return [passthrough, ignoreOptimistic];
}

/** The same function every render, as React's setter is. */
function ignoreOptimistic(): void {}
