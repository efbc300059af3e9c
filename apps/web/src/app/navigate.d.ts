import type { NavigateOptions, To } from 'react-router-dom';

/**
 * The app runs under a plain <BrowserRouter> (main.tsx), whose navigate returns nothing; react-router types it
 * `void | Promise<void>` because a data router's navigate returns a promise. Narrowed here (in react-router, the
 * module react-router-dom re-exports), as react-router's documentation of useNavigate advises, so the
 * floating-promise rule judges real promises only. A move to a data router changes this to Promise<void>.
 */
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
