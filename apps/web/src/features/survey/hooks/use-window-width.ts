import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's width, kept current on resize. */
export const useWindowWidth = () => useSyncExternalStore(subscribe, () => window.innerWidth);
