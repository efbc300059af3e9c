import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ShellContext } from '../../components/shell-context';
import { ErrorBoundary } from './error-boundary';
import { Sidebar } from './sidebar';

/** The signed-in frame: sidebar plus a scrolling content area that returns to the top on every route change. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const content = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    content.current?.scrollTo({ top: 0 });
    setScrolled(false);
  }, [pathname]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setSidebarOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  const shell = useMemo(() => ({ openSidebar: () => setSidebarOpen(true), scrolled }), [scrolled]);

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <ShellContext.Provider value={shell}>
        <main
          ref={content}
          id="content"
          className="min-w-0 flex-1 overflow-y-auto overflow-x-hidden px-4 pb-10 sm:px-8"
          onScroll={(e) => setScrolled(e.currentTarget.scrollTop > 10)}
        >
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </ShellContext.Provider>
    </div>
  );
}
