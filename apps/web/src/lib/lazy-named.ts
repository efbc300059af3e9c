import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props here; the component keeps its own type
type AnyComponent = ComponentType<any>;

/**
 * A component loaded on first use (React.lazy), so a visitor of the landing page does not download the map, the live
 * feed or the survey screens. Screens are named exports; React.lazy wants a default one.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends string>(load: () => Promise<M>, name: K) {
  return lazy<M[K]>(() => load().then((module) => ({ default: module[name] })));
}
