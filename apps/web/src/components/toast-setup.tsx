import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Bounce, Slide, toast, ToastContainer, type Id } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Phones: the width below which index.css moves toasts off the header and the map's essentials. */
const PHONE = '(max-width: 480px)';
// (jsdom, where the component tests run, has no matchMedia: there it is a wide screen)
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);
const subscribe = (change: () => void) => {
  const query = media();
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};
const isPhone = () => media()?.matches ?? false;

/** The page's theme as applyTheme sets it (the `dark` class on the root element), watched for changes. */
const watchTheme = (change: () => void) => {
  const observer = new MutationObserver(change);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};
const isDark = () => document.documentElement.classList.contains('dark');

/**
 * The one toast area: top-right, 5 s, pauses on hover and when the window loses focus, swipe to close. On a phone
 * they sit bottom-left, clear of the map's round buttons, and slide in from the left: the bounce from the right
 * swept across the record buttons and overshot onto them. A phone shows one toast at a time (the next waits its
 * turn): two stacked climbed 150 px up the map, over the labels of the base and rovers. They take the page's theme.
 */
export function Toasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const dark = useSyncExternalStore(watchTheme, isDark, () => false);
  return (
    <ToastContainer
      position={phone ? 'bottom-left' : 'top-right'}
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick
      newestOnTop
      limit={phone ? 1 : undefined}
      transition={phone ? Slide : Bounce}
      theme={dark ? 'dark' : 'light'}
    />
  );
}

/** Error toasts on screen now (an error belongs to the page it happened on). */
const errors = new Set<Id>();
toast.onChange((t) => {
  if (t.type === 'error' && t.status === 'added') errors.add(t.id);
  if (t.status === 'removed') errors.delete(t.id);
});

/**
 * Leaving a page dismisses its error toasts: a "Login failed" must not follow the user onto the dashboard. Other
 * toasts (a success that navigates, "Survey paused") go along: they say what the move did.
 */
export function useDismissErrorsOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const id of [...errors]) toast.dismiss(id);
    errors.clear();
  }, [pathname]);
}
