import { CircleCheck, CircleX } from 'lucide-react';

const MARK = /\s*(✅|❌)\s*$/u;

/**
 * The socket status text ('Connected ✅', 'Disconnected ❌', ...), kept whole in the page's text, with its
 * mark drawn as an icon: where no emoji font is installed the ✅/❌ would render as empty boxes.
 */
export function FeedStatusText({ text, connected, className, testId }: { text: string; connected: boolean; className?: string; testId?: string }) {
  const mark = MARK.exec(text);
  const words = mark ? text.slice(0, mark.index) : text;
  const Icon = connected ? CircleCheck : CircleX;
  return (
    <span className={`inline-flex min-w-0 items-center gap-1 ${className ?? ''}`} data-testid={testId} aria-live="polite">
      <span className="truncate">
        {words}
        {mark && <span className="sr-only"> {mark[1]}</span>}
      </span>
      {mark && <Icon aria-hidden="true" data-testid="feed-status-icon" className="h-3.5 w-3.5 shrink-0" strokeWidth={2.5} />}
    </span>
  );
}
