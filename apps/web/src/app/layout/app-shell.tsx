import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ShellContext } from '../../components/shell-context';
import { CenteredSpinner } from '../../components/spinner';
import { useThemeSync } from '../../features/settings/hooks/use-theme-sync';
import { ErrorBoundary } from './error-boundary';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame: sidebar plus the page. The page scrolls with the window (phones collapse their address bar
 * that way) and returns to the top on every route change.
 */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const { pathname } = useLocation();
  useThemeSync();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setSidebarOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  const shell = useMemo(() => ({ openSidebar: () => setSidebarOpen(true), scrolled }), [scrolled]);

  return (
    <div className="app-shell min-h-dvh bg-slate-50 md:flex">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <ShellContext.Provider value={shell}>
        <main id="content" className="min-w-0 flex-1 px-4 pb-10 sm:px-8">
          <ErrorBoundary resetKey={pathname}>
            {/* the sidebar stays while a screen's code loads */}
            <Suspense fallback={<CenteredSpinner label="Loading" />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </ShellContext.Provider>
    </div>
  );
}
