import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { FileUp } from 'lucide-react';
import { DESIGN_FILE_UNITS, DESIGN_IMPORT_FORMATS, DESIGN_IMPORT_LIMITS, type DesignImportFormat, type DesignPreviewReply } from '@smi/contracts';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import {
  DESIGN_FILE_ACCEPT,
  formatOfFileName,
  readDesignFile,
  refusalOf,
  useDesignPreview,
  useImportDesign,
  type DesignFile,
  type DesignImportSettings,
} from '../api/design-import';
import { CsvColumns, LAYOUTS, columnsOf, layoutOf, rolesOf, suggestedMapping, type ColumnMapping } from './csv-columns';
import { ImportedPreview, LineMessages, UNIT_WORDS } from './design-import-preview';

type Delimiter = NonNullable<DesignImportSettings['delimiter']>;
type Tristate = 'auto' | 'yes' | 'no';
type FileUnit = (typeof DESIGN_FILE_UNITS)[number];

const FORMAT_TEXT: Record<DesignImportFormat, string> = { csv: 'CSV / TXT', landxml: 'LandXML', dxf: 'DXF', geojson: 'GeoJSON' };
const DELIMITERS: Delimiter[] = ['auto', ',', ';', '\t', ' '];
const DELIMITER_TEXT: Record<string, string> = { auto: 'Auto', ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', ' ': 'Space' };
const TRISTATE: Tristate[] = ['auto', 'yes', 'no'];
const tristate = (t: Tristate): boolean | 'auto' => (t === 'auto' ? 'auto' : t === 'yes');
const DEFAULT_MAPPING: ColumnMapping = { layout: 'PNEZD' };

/** A labelled select of the dialog's settings: each option a value and the words shown for it. */
function SelectField<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; text: string }[]; onChange: (v: T) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}

const unitOptions = DESIGN_FILE_UNITS.map((u) => ({ value: u, text: UNIT_WORDS[u] ?? u }));
const auto = (found: string | undefined) => (found === undefined ? 'Auto' : `Auto (${found})`);
const tristateOptions = (found: boolean | undefined) => TRISTATE.map((t) => ({ value: t, text: t === 'auto' ? auto(found === undefined ? undefined : found ? 'yes' : 'no') : t === 'yes' ? 'Yes' : 'No' }));

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * The design-file import: a file chosen on the device, read with the settings the user sees (format from the file's
 * name; for CSV/TXT the delimiter, header, decimal comma, unit and the role of each column), previewed by the server
 * on every change, then imported. A file with bad rows is refused naming each by its line; its good rows are imported
 * only when the user asks for it.
 */
export function DesignImportDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const [file, setFile] = useState<DesignFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [format, setFormat] = useState<DesignImportFormat>('csv');
  const [delimiter, setDelimiter] = useState<Delimiter>('auto');
  const [header, setHeader] = useState<Tristate>('auto');
  const [decimalComma, setDecimalComma] = useState<Tristate>('auto');
  const [csvUnit, setCsvUnit] = useState<FileUnit>('metre');
  const [dxfUnit, setDxfUnit] = useState<FileUnit | 'file'>('file');
  const [mapping, setMapping] = useState<ColumnMapping>(DEFAULT_MAPPING);
  // the header's suggestion is taken once per file, and never over the user's own choice
  const [mappingChosen, setMappingChosen] = useState(false);
  const importer = useImportDesign(projectId);

  const settings = useMemo<DesignImportSettings>(() => {
    if (format === 'csv') return { format, columns: columnsOf(mapping), delimiter, header: tristate(header), decimalComma: tristate(decimalComma), unit: csvUnit };
    if (format === 'dxf' && dxfUnit !== 'file') return { format, unit: dxfUnit };
    return { format };
  }, [format, mapping, delimiter, header, decimalComma, csvUnit, dxfUnit]);
  const preview = useDesignPreview(projectId, file, settings);
  const shown = preview.data;
  // the rows of the last preview that read them stay on screen when a mapping is refused, so it can be put right there
  const [lastCsv, setLastCsv] = useState<{ key: number; csv: NonNullable<DesignPreviewReply['csv']> } | null>(null);
  useEffect(() => {
    if (file && shown?.csv && !preview.isPlaceholderData) setLastCsv({ key: file.key, csv: shown.csv });
  }, [file, shown, preview.isPlaceholderData]);

  useEffect(() => {
    const suggested = preview.data && !preview.isPlaceholderData && !mappingChosen ? suggestedMapping(preview.data.csv?.suggestedColumns) : null;
    if (!suggested) return;
    setMapping(suggested);
    setMappingChosen(true);
  }, [preview.data, preview.isPlaceholderData, mappingChosen]);

  /** A change of what the file is read with: an earlier refusal was about other settings. */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      importer.reset();
      set(v);
    };

  async function choose(chosen: File | undefined) {
    importer.reset();
    setFileError(null);
    if (!chosen) return;
    setReading(true);
    const read = await readDesignFile(chosen);
    setReading(false);
    if ('error' in read) {
      setFile(null);
      setFileError(read.error);
      return;
    }
    setFile(read);
    setFormat(formatOfFileName(read.name));
    setMapping(DEFAULT_MAPPING);
    setMappingChosen(false);
  }

  function runImport(acceptErrors: boolean) {
    if (!file) return;
    importer.mutate(
      { file, settings, acceptErrors },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
      },
    );
  }

  const refusal = refusalOf(importer.error);
  const good = refusal && !refusal.errors.some((e) => e.line === null) ? refusal.points + refusal.lines : 0;
  const goodText = format === 'csv' ? `Import the ${good.toLocaleString('en-US')} good rows` : `Import the ${good.toLocaleString('en-US')} good points and lines`;
  const csv = format !== 'csv' ? null : (shown?.csv ?? (lastCsv && lastCsv.key === file?.key ? lastCsv.csv : null));
  const columnCount = csv ? Math.max(1, ...csv.rows.map((r) => r.fields.length)) : 0;
  const layoutShown = 'layout' in mapping ? mapping.layout : (layoutOf(rolesOf(mapping, columnCount)) ?? 'by-column');

  const footer = (
    <>
      <button type="button" className="btn-secondary" onClick={onClose}>
        Cancel
      </button>
      {good > 0 ? (
        <button type="button" className="btn-primary" disabled={importer.isPending} onClick={() => runImport(true)}>
          {goodText}
        </button>
      ) : (
        <button type="button" className="btn-primary" disabled={!file || importer.isPending || !!refusal} onClick={() => runImport(false)}>
          {importer.isPending ? 'Importing…' : 'Import'}
        </button>
      )}
    </>
  );

  return (
    <Modal open title="Import design file" onClose={onClose} footer={footer}>
      <div className="space-y-4">
        <div>
          <span className="label">Design file</span>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {/* the button is the input's label: the native one cannot follow the dark theme */}
            <label className="btn-primary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {file ? 'Choose another file' : 'Choose a file'}
              <input
                type="file"
                accept={DESIGN_FILE_ACCEPT}
                aria-label="Design file"
                className="sr-only"
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  // the same file chosen again (after it was edited) is read again
                  e.target.value = '';
                  void choose(chosen);
                }}
              />
            </label>
            {file && (
              <span className="min-w-0 text-sm break-all text-slate-700">
                <span className="font-medium text-slate-900">{file.name}</span> · {kb(file.bytes)}
              </span>
            )}
          </div>
          <p className="mt-1 text-xs text-slate-500">CSV or TXT, LandXML, DXF or GeoJSON, up to {DESIGN_IMPORT_LIMITS.bytes / 1024 / 1024} MB.</p>
        </div>
        {reading && <Spinner label="Reading the file" showLabel />}
        {fileError && (
          <p role="alert" className="error-box">
            {fileError}
          </p>
        )}
        {file && (
          <>
            {file.warning && <LineMessages title="Reading the file" tone="warning" items={[{ line: null, message: file.warning }]} />}
            <div className="grid grid-cols-2 gap-3">
              <SelectField label="Format" value={format} options={DESIGN_IMPORT_FORMATS.map((f) => ({ value: f, text: FORMAT_TEXT[f] }))} onChange={changed(setFormat)} />
              {format === 'dxf' && (
                <SelectField<FileUnit | 'file'> label="Unit" value={dxfUnit} options={[{ value: 'file', text: 'From the drawing' }, ...unitOptions]} onChange={changed(setDxfUnit)} />
              )}
              {format === 'csv' && (
                <>
                  <SelectField<(typeof LAYOUTS)[number] | 'by-column'>
                    label="Columns"
                    value={layoutShown}
                    options={[...LAYOUTS.map((l) => ({ value: l, text: l })), { value: 'by-column' as const, text: 'By column' }]}
                    onChange={(v) => {
                      setMappingChosen(true);
                      if (v !== 'by-column') changed(setMapping)({ layout: v });
                    }}
                  />
                  <SelectField label="Unit" value={csvUnit} options={unitOptions} onChange={changed(setCsvUnit)} />
                  <SelectField
                    label="Delimiter"
                    value={delimiter}
                    options={DELIMITERS.map((d) => ({ value: d, text: d === 'auto' && csv ? auto(DELIMITER_TEXT[csv.delimiter]?.toLowerCase() ?? csv.delimiter) : DELIMITER_TEXT[d]! }))}
                    onChange={changed(setDelimiter)}
                  />
                  <SelectField label="Header row" value={header} options={tristateOptions(csv?.header)} onChange={changed(setHeader)} />
                  <SelectField label="Decimal comma" value={decimalComma} options={tristateOptions(csv?.decimalComma)} onChange={changed(setDecimalComma)} />
                </>
              )}
            </div>
            <div className="space-y-3" aria-busy={preview.isFetching}>
              <div className="flex min-h-6 items-center justify-between">
                <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
                {preview.isFetching && <Spinner label="Reading with these settings" />}
              </div>
              {preview.error && !preview.isFetching && <p className="error-box">{errorMessage(preview.error, 'The file could not be previewed.')}</p>}
              {csv && (
                <CsvColumns
                  rows={csv.rows}
                  mapping={mapping}
                  onChange={(m) => {
                    setMappingChosen(true);
                    changed(setMapping)(m);
                  }}
                />
              )}
              {shown && <ImportedPreview preview={shown} />}
              {/* once an import is refused, its list (the whole file's) replaces the preview's */}
              {shown && !refusal && <LineMessages title={format === 'csv' ? 'Problems in these rows' : 'Problems'} tone="error" items={shown.errors} />}
              {shown && <LineMessages title="Warnings" tone="warning" items={shown.warnings} />}
            </div>
          </>
        )}
        {refusal ? (
          <div className="space-y-2" data-testid="design-import-refused">
            <p role="alert" className="error-box">
              {refusal.message}
            </p>
            <LineMessages title="Problems in the file" tone="error" items={refusal.errors} max={200} />
          </div>
        ) : (
          importer.error && (
            <p role="alert" className="error-box">
              {errorMessage(importer.error, 'The file could not be imported.')}
            </p>
          )
        )}
      </div>
    </Modal>
  );
}

