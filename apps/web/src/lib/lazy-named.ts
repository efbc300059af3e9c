import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props here; the component keeps its own type
type AnyComponent = ComponentType<any>;

/** A screen loaded on first use; `preload()` starts the download earlier (the app does it for the opened path). */
export type LazyScreen<C extends AnyComponent> = ComponentType<ComponentProps<C>> & { preload: () => Promise<C> };

/**
 * A component loaded on first use (React.lazy), so a visitor of the landing page does not download the map, the live
 * feed or the survey screens. Screens are named exports; React.lazy wants a default one.
 *
 * Once its code is there (preloaded while the session was being checked), it is drawn at once instead of through
 * React.lazy: a lazy component always suspends on its first render, and React holds back the content of a Suspense
 * boundary for up to 300 ms after its fallback was shown, which on a cold load of a deep link cost that twice.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends string>(load: () => Promise<M>, name: K): LazyScreen<M[K]> {
  let loaded: M[K] | undefined;
  let loading: Promise<M[K]> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (err: unknown) => {
        // a failed download may be asked for again (a later visit, after the connection is back)
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: ComponentProps<M[K]>) {
    // chosen once per mount: switching from the lazy wrapper to the component later would remount the screen
    const [component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  Screen.displayName = `Lazy(${name})`;
  return Object.assign(Screen, { preload });
}
