import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { CORRECTIONS_DATUMS, crsEndpoints, type CrsSummary, type ProjectCrsView } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { CenteredSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { Can } from '../../../lib/can';
import { saveProjectCrs, useCrsSearch, useProjectCrs, useRefreshGrid } from '../api/crs';
import { FormFooter } from '../../../components/form-footer';

/** EPSG's unit names as a surveyor reads them ("foot" is the international foot). */
export const unitName = (c: Pick<CrsSummary, 'unit' | 'kind'>) => (c.kind === 'geographic' ? 'degree' : c.unit === 'foot' ? 'international foot' : c.unit);

type Heights = 'ellipsoidal' | `geoid:${string}` | `vcrs:${number}` | 'vertical-crs';

function heightsOf(s: ProjectCrsView): Heights {
  if (s.verticalCrsCode) return s.verticalCrsOptions.some((v) => v.code === s.verticalCrsCode) ? `vcrs:${s.verticalCrsCode}` : 'vertical-crs';
  return s.vertical === 'geoid' && s.geoidModel ? `geoid:${s.geoidModel}` : 'ellipsoidal';
}

/**
 * The project's coordinate system (decision 024): any EPSG projected or geographic CRS found by code or name, the heights
 * (ellipsoidal, a geoid model: EGM96 built in or a grid of the grids folder, or an EPSG vertical CRS), the datum the
 * corrections come in, and the unit named. The server checks every grid is there before it stores the choice.
 */
export function CrsPanel({ projectId, can }: { projectId: string; can: Can }) {
  const settings = useProjectCrs(projectId);
  return (
    <Panel title="Coordinate system and heights">
      {settings.isPending ? (
        <CenteredSpinner label="Loading coordinate system" />
      ) : settings.isError ? (
        <p role="alert" className="error-box">
          {settings.error.message}
        </p>
      ) : !can(crsEndpoints.setProjectCrs) ? (
        // a role that may not change it reads which one is in force
        <CrsCurrent settings={settings.data} />
      ) : (
        <CrsForm key={JSON.stringify(settings.data)} projectId={projectId} settings={settings.data} />
      )}
    </Panel>
  );
}

function CrsForm({ projectId, settings }: { projectId: string; settings: ProjectCrsView }) {
  const refresh = useRefreshGrid();
  const [picked, setPicked] = useState<CrsSummary | null>(settings.crs);
  const [query, setQuery] = useState('');
  const [heights, setHeights] = useState<Heights>(heightsOf(settings));
  const [verticalCode, setVerticalCode] = useState(settings.verticalCrsCode ? String(settings.verticalCrsCode) : '');
  const [datum, setDatum] = useState(settings.correctionsDatum);
  const [fallback, setFallback] = useState(settings.helmertFallback);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // one search when the typing pauses, not one a keystroke
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearched(query), 250);
    return () => clearTimeout(t);
  }, [query]);
  const results = useCrsSearch(searched);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return setError('Choose a coordinate system first.');
    const code = heights.startsWith('vcrs:') ? Number(heights.slice('vcrs:'.length)) : Number(verticalCode);
    if (heights === 'vertical-crs' && !(Number.isInteger(code) && code > 0)) return setError('Enter the EPSG code of the vertical CRS, e.g. 5773 (EGM96 height).');
    setError(null);
    setBusy(true);
    try {
      await saveProjectCrs(projectId, {
        crsCode: picked.code,
        vertical: heights === 'ellipsoidal' ? 'ellipsoidal' : 'geoid',
        geoidModel: heights.startsWith('geoid:') ? heights.slice('geoid:'.length) : null,
        verticalCrsCode: heights === 'vertical-crs' || heights.startsWith('vcrs:') ? code : null,
        correctionsDatum: datum,
        helmertFallback: picked.grid ? fallback : false,
      });
      toast.success('Coordinate system saved');
      await refresh(projectId);
    } catch (err) {
      setError(errorMessage(err, 'The coordinate system could not be saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void save(e)} aria-label="Coordinate system">
      <CrsCurrent settings={settings} />
      <label>
        <span className="label">Find a coordinate system (EPSG code or name)</span>
        <input className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. 25832, lambert 93, florida ft" maxLength={100} />
      </label>
      {query.trim().length >= 2 && (
        <ul className="max-h-60 overflow-y-auto rounded-lg border border-slate-200" aria-label="Coordinate systems found">
          {(results.isFetching || searched !== query) && !results.data && <li className="px-3 py-2 text-sm text-slate-500">Searching…</li>}
          {results.data?.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No coordinate system matches “{query.trim()}”.</li>}
          {results.data?.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                aria-pressed={picked?.code === c.code}
                onClick={() => {
                  setPicked(c);
                  setQuery('');
                }}
                className="block w-full px-3 py-2 text-left text-sm hover:bg-brand-50 aria-pressed:bg-brand-100"
              >
                <span className="font-semibold">
                  EPSG:{c.code} {c.name}
                </span>
                <span className="block text-xs text-slate-500">
                  {unitName(c)} · {c.area}
                  {c.grid && ` · needs the grid ${c.grid}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="crs-picked">
          Chosen: <span className="font-semibold">EPSG:{picked.code} {picked.name}</span>, coordinates in {unitName(picked)}.
          <span className="block text-xs text-slate-500">{picked.area}</span>
        </p>
      )}
      {picked?.grid && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={fallback} onChange={(e) => setFallback(e.target.checked)} />
          <span>
            Use the 7-parameter shift instead of the grid {picked.grid} (can be metres off; flagged in every export)
          </span>
        </label>
      )}
      <div className="grid grid-cols-1 gap-4">
        <label>
          <span className="label">Heights</span>
          <select className="input" value={heights} onChange={(e) => setHeights(e.target.value as Heights)}>
            <option value="ellipsoidal">Ellipsoidal (h, no geoid)</option>
            {settings.geoidModels.map((m) => (
              <option key={m} value={`geoid:${m}`}>
                Orthometric with {m === 'EGM96' ? 'EGM96 (built in)' : m}
              </option>
            ))}
            {settings.verticalCrsOptions.map((v) => (
              <option key={v.code} value={`vcrs:${v.code}`}>
                EPSG:{v.code} {v.name}
              </option>
            ))}
            <option value="vertical-crs">Another EPSG vertical CRS (code)…</option>
          </select>
        </label>
        <label>
          <span className="label">Corrections datum</span>
          <select className="input" value={datum} onChange={(e) => setDatum(e.target.value as typeof datum)}>
            {CORRECTIONS_DATUMS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <span className="mt-1 block text-xs text-slate-500">The frame the base's coordinates are in; a base setup can declare its own.</span>
        </label>
      </div>
      {heights === 'vertical-crs' && (
        <label>
          <span className="label">EPSG vertical CRS code</span>
          <input className="input" inputMode="numeric" value={verticalCode} onChange={(e) => setVerticalCode(e.target.value)} placeholder="5773 (EGM96 height)" />
        </label>
      )}
      <FormFooter error={error} busy={busy} label="Save coordinate system" busyLabel="Saving…" />
    </form>
  );
}

/** The coordinate system in force, in one line. */
function CrsCurrent({ settings }: { settings: ProjectCrsView }) {
  return (
    <p className="text-sm text-slate-700" data-testid="crs-current">
      {settings.crs ? (
        <>
          <span className="font-semibold">
            EPSG:{settings.crs.code} {settings.crs.name}
          </span>{' '}
          · {settings.unitLabel} · heights {settings.vertical === 'geoid' ? `orthometric (${settings.geoidModel})` : 'ellipsoidal'} · corrections in{' '}
          {settings.correctionsDatum}
        </>
      ) : (
        'No coordinate system: points are exported in WGS 84 latitude/longitude and the UTM zone of the points.'
      )}
    </p>
  );
}
