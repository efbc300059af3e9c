import { useState } from 'react';
import { Play } from 'lucide-react';
import type { ProjectStatus } from '@smi/contracts';

const WORDS: Record<Exclude<ProjectStatus, 'Active'>, { text: string; action: string }> = {
  Paused: { text: 'Survey paused', action: 'Resume' },
  Completed: { text: 'Survey completed', action: 'Reopen' },
};

/** Over the map when the survey is not active: what it is, and the one tap that makes it active again. */
export function SurveyPausedBar({ status, onResume }: { status: Exclude<ProjectStatus, 'Active'>; onResume?: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const words = WORDS[status];
  return (
    <div role="status" className="flex items-center justify-between gap-3 border-b border-amber-300 bg-amber-100 px-3 py-1.5 text-sm text-amber-950" data-testid="survey-paused">
      <span className="font-bold">{words.text}</span>
      {onResume && (
        <button
          type="button"
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md bg-amber-900 px-3 py-1 font-semibold text-white hover:bg-amber-950 disabled:opacity-70"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onResume().finally(() => setBusy(false));
          }}
        >
          <Play aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Working...' : words.action}
        </button>
      )}
    </div>
  );
}
