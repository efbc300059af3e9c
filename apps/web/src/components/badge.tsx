import type { ReactNode } from 'react';
import type { Tone } from '../lib/format';
import { toneBadge, toneDot } from '../lib/tone';

/** A coloured pill that always carries its text too (colour is never the only signal). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${toneBadge[tone]}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${toneDot[tone]}`} />
      {children}
    </span>
  );
}
