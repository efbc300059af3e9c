import { Logo } from '../../components/logo';

/** Shown while the session is being checked (or a screen's code is loading before anything else is drawn). */
export function Splash({ label = 'Checking your session' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-900" role="status" aria-label={label}>
      <Logo inverted />
      <div className="flex gap-2" aria-hidden="true">
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
        <span className="splash-dot h-3 w-3 rounded-full bg-blue-500" />
      </div>
    </div>
  );
}
