import type { ReactNode } from 'react';

/** One setting: its name (and a hint) on the left, the control on the right; stacked on a phone. */
export function SettingRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{label}</p>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
      <div className="shrink-0 sm:max-w-[60%]">{children}</div>
    </div>
  );
}

/** A value the user can read but not change here. */
export function ReadOnlyBox({ label, value }: { label: string; value: string }) {
  return <input className="input truncate bg-slate-50 text-slate-600 sm:w-64" aria-label={label} value={value} readOnly />;
}
