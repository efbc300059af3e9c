import { Download } from 'lucide-react';
import { EXPORT_FORMATS } from '@smi/contracts';
import { exportMessage, useExport } from '../hooks/use-export';
import type { DownloadFormat, ExportedFile } from '../api/export-file';

const LABELS: Record<DownloadFormat, string> = {
  pdf: 'PDF report',
  dxf: 'DXF (CAD)',
  csv: 'CSV',
  pnezd: 'PNEZD (CSV for CAD)',
  zip: 'CSV with photos (zip)',
  txt: 'TXT',
  geojson: 'GeoJSON',
  kml: 'KML (Google Earth)',
  shp: 'Shapefile (zip, project CRS)',
  landxml: 'LandXML (project CRS)',
  report: 'Survey report (PDF)',
};
// the csv's PNEZD preset and its zip with the photos beside it, the survey report after the point formats
const FORMATS: DownloadFormat[] = [...EXPORT_FORMATS.flatMap((f): DownloadFormat[] => (f === 'csv' ? ['csv', 'pnezd', 'zip'] : [f])), 'report'];

interface Props {
  projectId: string;
  fetchFile?: (format: DownloadFormat, projectId: string) => Promise<ExportedFile>;
  save?: (file: ExportedFile) => void;
}

/** Export Data: format (pdf by default) and Export, with a message line for each state of the export. */
export function ExportControl({ projectId, fetchFile, save }: Props) {
  const { format, setFormat, state, run, busy } = useExport(projectId, { fetchFile, save });
  const message = exportMessage(state);
  const tone = state.phase === 'failed' ? 'text-red-700' : state.phase === 'done' ? 'text-emerald-700' : 'text-slate-600';
  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Export format</span>
          <select className="input" value={format} onChange={(e) => setFormat(e.target.value as DownloadFormat)} aria-label="Export format">
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-primary" onClick={() => void run()} disabled={busy}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Exporting...' : 'Export'}
        </button>
      </div>
      <p role="status" className={`mt-2 min-h-5 text-sm ${tone}`}>
        {message}
      </p>
    </div>
  );
}
