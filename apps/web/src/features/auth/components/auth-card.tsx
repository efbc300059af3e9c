import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Logo } from '../../../components/logo';

/** The frame of the public account screens: logo, a card, and a short line under it. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-slate-900 via-slate-800 to-blue-900 px-4 py-8">
      <Link to={paths.landing} className="mx-auto mb-8 inline-flex min-h-11 items-center text-white" aria-label="Site Measurement IoT home">
        <Logo inverted />
      </Link>
      <main className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-1 text-sm text-slate-500">{intro}</p>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mx-auto mt-6 text-center text-sm text-slate-300">{footer}</div>}
    </div>
  );
}
