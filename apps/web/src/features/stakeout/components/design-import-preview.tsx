import type { DesignPreviewReply } from '@smi/contracts';
import { unitSymbol } from '../../../lib/grid';

type Message = { line: number | null; message: string };

const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(3));
/** A length unit in the plural, as a sentence says it. */
export const UNIT_WORDS: Record<string, string> = { metre: 'metres', foot: 'international feet', 'US survey foot': 'US survey feet' };

/** Problems or warnings of a file, each by its line ("File" when it is about the whole file). */
export function LineMessages({ title, items, tone, max = 50 }: { title: string; items: Message[]; tone: 'error' | 'warning'; max?: number }) {
  if (!items.length) return null;
  const box = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-700/30 bg-amber-50 text-amber-900';
  return (
    <section aria-label={title} className={`rounded-lg border px-3 py-2 text-sm ${box}`}>
      <h3 className="font-semibold">
        {title} ({items.length.toLocaleString('en-US')})
      </h3>
      <ul className="mt-1 space-y-0.5">
        {items.slice(0, max).map((m, i) => (
          <li key={i}>
            <span className="font-medium tabular-nums">{m.line === null ? 'File' : `Line ${m.line}`}:</span> {m.message}
          </li>
        ))}
      </ul>
      {items.length > max && <p className="mt-1">and {(items.length - max).toLocaleString('en-US')} more.</p>}
    </section>
  );
}

/** The first points and lines as the import would store them, in the project's coordinate system and unit. */
export function ImportedPreview({ preview }: { preview: DesignPreviewReply }) {
  const u = unitSymbol(preview.frame.unit);
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600" data-testid="design-import-frame">
        {preview.frame.crs}, in {UNIT_WORDS[preview.frame.unit] ?? preview.frame.unit}; elevations {preview.frame.height}
      </p>
      {preview.points.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-right text-sm tabular-nums" aria-label="Points as imported">
            <caption className="px-2 py-1 text-left text-xs font-medium text-slate-600">Points as imported (first {preview.points.length})</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-1 text-left font-medium">Name</th>
                <th scope="col" className="px-2 py-1 font-medium">E ({u})</th>
                <th scope="col" className="px-2 py-1 font-medium">N ({u})</th>
                <th scope="col" className="px-2 py-1 font-medium">Elev. ({u})</th>
              </tr>
            </thead>
            <tbody>
              {preview.points.map((p) => (
                <tr key={`${p.line}-${p.name}`} className="border-t border-slate-100 text-slate-900">
                  <th scope="row" className="px-2 py-1 text-left font-medium">
                    {p.name}
                    {p.code && ' '}
                    {p.code && <span className="ml-1 text-xs font-normal text-slate-500">{p.code}</span>}
                  </th>
                  <td className="px-2 py-1">{fixed(p.easting)}</td>
                  <td className="px-2 py-1">{fixed(p.northing)}</td>
                  <td className="px-2 py-1">{fixed(p.elevation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.lines.length > 0 && (
        <section aria-label="Lines as imported" className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <h3 className="text-xs font-medium text-slate-600">Lines as imported (first {preview.lines.length})</h3>
          <ul className="mt-1 space-y-0.5 text-slate-900">
            {preview.lines.map((l) => (
              <li key={`${l.line}-${l.name}`}>
                <span className="font-medium">{l.name || 'unnamed'}</span>
                {l.layer && <span className="text-slate-500"> · {l.layer}</span>} · {l.vertices.length} vertices{l.closed ? ', closed' : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!preview.points.length && !preview.lines.length && <p className="text-sm text-slate-600">No design points or lines read with these settings.</p>}
    </div>
  );
}
