import { useState } from 'react';
import { Copy } from 'lucide-react';

/**
 * A secret the server shows only once (a device's MQTT secret, an NTRIP password): the value in a copyable box and a
 * line telling the user to store it now. "Copied." belongs to the value it was said for, so a newly made secret never
 * inherits it.
 */
export function ShownOnceSecret({ value, testId, copyLabel, advice }: { value: string; testId: string; copyLabel: string; advice: string }) {
  const [copiedValue, setCopiedValue] = useState<string | null>(null);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).then(
      () => setCopiedValue(value),
      () => setCopiedValue(null),
    );
  };
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-brand-900 px-3 py-2 font-mono text-sm break-all text-emerald-300" data-testid={testId}>
          {value}
        </code>
        <button type="button" className="icon-btn" onClick={copy} aria-label={copyLabel}>
          <Copy aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <p className="text-xs text-amber-800" role="status">
        {copiedValue === value ? 'Copied. ' : ''}
        {advice}
      </p>
    </div>
  );
}
