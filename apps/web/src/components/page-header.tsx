import type { ReactNode } from 'react';
import { ArrowLeft, Menu } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useShell } from './shell-context';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  back?: boolean;
  /** Low on phones (the survey map needs the height): the action stays beside a smaller title, Back is left out. */
  compact?: boolean;
}

/**
 * Where Back goes: the previous screen of this visit, or, for a screen opened directly (a link, a bookmark, a reload
 * of the first page), its parent list instead of leaving the app.
 */
function useBack() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) return navigate(-1);
    const parent = pathname.startsWith(paths.devices + '/') ? paths.devices : pathname.startsWith(paths.projects + '/') ? paths.projects : paths.dashboard;
    navigate(parent, { replace: true });
  };
}

/** Sticky page header: transparent at the top, opaque once the content has scrolled more than 10 px. */
export function PageHeader({ title, subtitle, action, back, compact }: Props) {
  const shell = useShell();
  const goBack = useBack();
  const opaque = shell?.scrolled ?? false;
  return (
    <header
      className={`sticky top-0 z-20 -mx-4 mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-4 transition-colors sm:-mx-8 sm:px-8 ${
        opaque ? 'border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur' : 'bg-transparent'
      }`}
      data-opaque={opaque}
    >
      {shell && (
        <button type="button" onClick={shell.openSidebar} className="icon-btn md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
      {back && (
        <button type="button" onClick={goBack} className={`icon-btn ${compact ? 'max-sm:hidden' : ''}`} aria-label="Go back">
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <h1 className={`line-clamp-2 font-semibold tracking-tight break-words text-slate-900 sm:text-2xl ${compact ? 'text-base leading-tight' : 'text-xl'}`}>{title}</h1>
        {subtitle && <p className={`mt-0.5 text-slate-500 ${compact ? 'truncate text-xs sm:text-sm' : 'text-sm break-words'}`}>{subtitle}</p>}
      </div>
      {action && <div className={compact ? 'shrink-0' : 'w-full shrink-0 sm:w-auto [&>*]:w-full sm:[&>*]:w-auto'}>{action}</div>}
    </header>
  );
}
