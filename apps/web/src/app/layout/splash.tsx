import { Logo } from '../../components/logo';

/** Shown while the session is being checked. */
export function Splash() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-900" role="status" aria-label="Checking your session">
      <Logo inverted />
      <div className="flex gap-2" aria-hidden="true">
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
      </div>
    </div>
  );
}
