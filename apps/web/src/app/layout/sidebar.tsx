import { FolderKanban, Home, ListTree, LogOut, Radio, ScrollText, Settings, Users, X } from 'lucide-react';
import { auditEndpoints } from '@smi/contracts';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useUser } from '../../features/auth/api/auth-state';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { initialOf } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCan } from '../use-can';

const LINKS = [
  { to: paths.dashboard, label: 'Home', icon: Home },
  { to: paths.devices, label: 'Devices', icon: Radio },
  { to: paths.projects, label: 'Projects', icon: FolderKanban },
  { to: paths.codeLists, label: 'Code lists', icon: ListTree },
  { to: paths.members, label: 'Members', icon: Users },
  // the trail is read by the workspace's owner and admins only: nobody else gets a link that would be refused
  { to: paths.audit, label: 'Audit trail', icon: ScrollText, needs: auditEndpoints.listAudit },
  { to: paths.settings, label: 'Settings', icon: Settings },
];

/** Navigation: fixed on wide screens, a drawer under 768 px. */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useUser();
  const logout = useLogout();
  const can = useCan();
  const links = LINKS.filter((l) => !l.needs || can(l.needs));
  const closeButton = useRef<HTMLButtonElement>(null);
  // the drawer takes focus when it opens on a phone, so keyboard and screen-reader users land in it
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  return (
    <>
      {open && <div className="fixed inset-0 z-30 bg-slate-900/50 md:hidden" aria-hidden="true" onClick={onClose} />}
      <aside
        id="sidebar"
        aria-label="Main navigation"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-slate-900 text-slate-300 transition-transform md:sticky md:top-0 md:h-dvh md:shrink-0 md:translate-x-0 ${
          open ? 'translate-x-0' : 'invisible -translate-x-full md:visible'
        }`}
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Link to={paths.dashboard} className="inline-flex min-h-11 items-center" onClick={onClose} aria-label="Site Measurement IoT, go to Home">
            <Logo inverted />
          </Link>
          <button ref={closeButton} type="button" className="icon-btn text-slate-400 hover:bg-slate-800 hover:text-white md:hidden" onClick={onClose} aria-label="Close menu">
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <WorkspaceSwitcher />
        <nav className="mt-2 flex-1 space-y-1 px-3">
          {links.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={onClose}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
                  isActive ? 'bg-blue-600 text-white' : 'hover:bg-slate-800 hover:text-white'
                }`
              }
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="border-t border-slate-800 p-4">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-600 text-base font-semibold text-white">
              {initialOf(user.name)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-white">{user.name}</p>
              <p className="text-xs text-emerald-400">Logged in</p>
            </div>
          </div>
          <button type="button" onClick={logout} className="mt-3 flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-slate-800 hover:text-white">
            <LogOut aria-hidden="true" className="h-5 w-5" />
            Log out
          </button>
        </div>
      </aside>
    </>
  );
}
