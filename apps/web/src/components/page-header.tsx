import type { ReactNode } from 'react';
import { ArrowLeft, Menu } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useShell } from './shell-context';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  back?: boolean;
}

/** Sticky page header: transparent at the top, opaque once the content has scrolled more than 10 px. */
export function PageHeader({ title, subtitle, action, back }: Props) {
  const shell = useShell();
  const navigate = useNavigate();
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
        <button type="button" onClick={() => navigate(-1)} className="icon-btn" aria-label="Go back">
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{title}</h1>
        {subtitle && <p className="mt-0.5 truncate text-sm text-slate-500">{subtitle}</p>}
      </div>
      {action && <div className="w-full shrink-0 sm:w-auto [&>*]:w-full sm:[&>*]:w-auto">{action}</div>}
    </header>
  );
}
