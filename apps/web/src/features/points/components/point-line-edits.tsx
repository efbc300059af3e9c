import { useState } from 'react';
import { toast } from 'react-toastify';
import { parseCodeString } from '@smi/feature-codes';
import { LINE_MOVES, type CodeList, type LineEdit } from '@smi/contracts';

const EDITS: { edit: LineEdit; label: string }[] = [
  { edit: 'start', label: 'Start here' },
  { edit: 'break', label: 'Break here' },
  { edit: 'close', label: 'Close here' },
  { edit: 'continue', label: 'Run through' },
  { edit: 'remove', label: 'Remove point' },
  { edit: 'earlier', label: 'Move earlier' },
  { edit: 'later', label: 'Move later' },
];
const isMove = (e: LineEdit) => (LINE_MOVES as readonly LineEdit[]).includes(e);

interface Props {
  code: string;
  list: CodeList | undefined;
  /** resolves with the point's new code string */
  edit: (line: string, edit: LineEdit) => Promise<string>;
}

/**
 * The lines a taken point is on (its line and polygon codes, each with its string number) and what can be done to
 * each at this point without measuring again (decision 068): the server rewrites the point's code and redraws, or
 * moves the point one place along the line and keeps the line's order (decision 075).
 */
export function PointLineEdits({ code: initial, list, edit }: Props) {
  const [code, setCode] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (!list || !code) return null;
  const parsed = parseCodeString(code, list);
  const lines = parsed.ok ? parsed.codes.filter((c) => c.code.kind !== 'point').map((c) => c.code.code + c.string) : [];
  if (!lines.length) return null;
  const run = async (line: string, e: LineEdit) => {
    setBusy(true);
    try {
      const next = await edit(line, e);
      setCode(next);
      if (isMove(e)) toast.success(`Moved one place ${e} along ${line}`);
      else toast.success(next ? `Code is now “${next}”` : 'The point has no code now');
    } catch {
      // the api client has shown the server's message
    }
    setBusy(false);
  };
  return (
    <section className="mt-5 border-t border-slate-100 pt-4" aria-label="Lines at this point">
      <h3 className="text-sm font-semibold text-slate-900">Lines at this point</h3>
      <p className="text-xs text-slate-600">
        Code: <span className="font-mono text-slate-800" data-testid="point-code">{code}</span>
      </p>
      {lines.map((line) => (
        <div key={line} className="mt-2" role="group" aria-label={`Line ${line}`}>
          <p className="text-sm font-medium text-slate-800">{line}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {EDITS.map(({ edit: e, label }) => (
              <button key={e} type="button" className="btn-secondary min-h-11 px-3 text-sm" disabled={busy} onClick={() => void run(line, e)}>
                {label}
              </button>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
