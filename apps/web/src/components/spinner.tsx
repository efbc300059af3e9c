/** A spinner with a text for screen readers; `label` is also shown when `showLabel`. */
export function Spinner({ label = 'Loading', showLabel = false, className = '' }: { label?: string; showLabel?: boolean; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-slate-500 ${className}`}>
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-32 items-center justify-center">
      <Spinner label={label} showLabel={!!label} />
    </div>
  );
}
