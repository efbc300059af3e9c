import type { ReactNode } from 'react';

/** Label / value pairs of a device or base, two columns from the small breakpoint. */
export function DetailList({ rows, className = 'gap-y-4' }: { rows: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={`grid gap-x-6 sm:grid-cols-2 ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-1 text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
