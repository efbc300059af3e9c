import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { paths } from '../../../lib/paths';

const ANCHORS = [
  { href: '#products', label: 'Products' },
  { href: '#benefits', label: 'Benefits' },
  { href: '#contact', label: 'Contact Us' },
];

export function TopBar() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-slate-900/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <Link to={paths.landing} className="inline-flex min-h-11 items-center" aria-label="Site Measurement IoT home">
          <Logo inverted />
        </Link>
        <nav aria-label="Page sections" className="hidden items-center gap-1 md:flex">
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-300 hover:text-white">
              {a.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link to={paths.login} className="btn-primary whitespace-nowrap px-3 sm:px-4">
            Sign in
          </Link>
          <button
            type="button"
            className="icon-btn text-slate-300 hover:bg-slate-800 hover:text-white md:hidden"
            aria-expanded={open}
            aria-controls="landing-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen(!open)}
          >
            {open ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="landing-menu" aria-label="Page sections" className="border-t border-white/10 px-4 pb-3 md:hidden">
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} onClick={() => setOpen(false)} className="flex min-h-11 items-center text-sm font-medium text-slate-200">
              {a.label}
            </a>
          ))}
        </nav>
      )}
    </header>
  );
}
