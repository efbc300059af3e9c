import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DESIGN_IMPORT_LIMITS,
  designEndpoints,
  designImportRefusal,
  designImportReply,
  designPreviewReply,
  type DesignImportBody,
  type DesignImportFormat,
  type DesignImportRefusal,
} from '@smi/contracts';
import { decodeInput } from '@smi/design';
import { ApiError, call } from '../../../lib/api-client';

/** A design file chosen on the device, read as text. */
export interface DesignFile {
  name: string;
  bytes: number;
  text: string;
  /** how the file was read, when it was not UTF-8 */
  warning: string | null;
  /** tells one reading from the next in the preview's cache key (the text itself is too large to be a key) */
  key: number;
}

/** Everything an import is told besides the file's text. */
export type DesignImportSettings = Omit<DesignImportBody, 'content' | 'acceptErrors'>;

/** The file types the dialog offers, by the format they are read as. */
export const DESIGN_FILE_ACCEPT = '.csv,.txt,.xml,.landxml,.dxf,.geojson,.json';

/** The format a file's name says (CSV when it says none the importer knows). */
export function formatOfFileName(name: string): DesignImportFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext === 'xml' || ext === 'landxml') return 'landxml';
  if (ext === 'dxf') return 'dxf';
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  return 'csv';
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Why a file of this size is not read at all, or null: the import's own limit, checked before the file is opened. */
export function sizeRefusal(bytes: number): string | null {
  if (bytes <= DESIGN_IMPORT_LIMITS.bytes) return null;
  return `The file is ${mb(bytes).toFixed(1)} MB: the limit is ${mb(DESIGN_IMPORT_LIMITS.bytes)} MB per import. Split it into smaller files.`;
}

let readings = 0;

/**
 * The file's text as the importer reads bytes (UTF-8, else Windows-1252 with a warning), or why it was not read.
 * The size is checked first, so a file over the limit is never loaded into the page.
 */
export async function readDesignFile(file: File): Promise<DesignFile | { error: string }> {
  const refused = sizeRefusal(file.size);
  if (refused) return { error: refused };
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { error: 'The file could not be read. Choose it again.' };
  }
  const { text, warning } = decodeInput(new Uint8Array(buffer));
  return { name: file.name, bytes: file.size, text, warning: warning?.message ?? null, key: ++readings };
}

/** Of a large CSV file, the head a preview is sent: it reads the delimiter from the first 50 lines and shows 10 rows. */
const CSV_PREVIEW_CHARS = 256 * 1024;

/**
 * The text a preview needs. A CSV preview reads only the file's first lines, so a long file's head is sent (cut at a
 * line's end), not megabytes on every change of the mapping; other formats are read whole (their preview names
 * every problem of the file).
 */
export function previewContent(text: string, format: DesignImportFormat): string {
  if (format !== 'csv' || text.length <= CSV_PREVIEW_CHARS) return text;
  const end = text.lastIndexOf('\n', CSV_PREVIEW_CHARS);
  return text.slice(0, end > 0 ? end + 1 : CSV_PREVIEW_CHARS);
}

/** A value that follows `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * What importing the file with these settings would read (nothing stored), asked again once the settings have
 * stopped changing for `delayMs`; the last answer stays on screen while the next is on its way.
 */
export function useDesignPreview(projectId: string, file: DesignFile | null, settings: DesignImportSettings, delayMs = 300) {
  const asked = useSettled(settings, delayMs);
  return useQuery({
    queryKey: ['design-preview', projectId, file?.key ?? null, asked],
    queryFn: ({ signal }) =>
      call(designEndpoints.previewDesignImport, {
        params: { projectId },
        body: { ...asked, content: previewContent(file!.text, asked.format) },
        reply: designPreviewReply,
        quiet: true,
        signal,
      }),
    // asked only once the settings have settled: a file chosen is not first sent with the last file's format
    enabled: file !== null && asked === settings,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    // the last answer for this file stays while the next settings are read; another file's never stands in
    placeholderData: (previous, query) => (query?.queryKey[2] === (file?.key ?? null) ? keepPreviousData(previous) : undefined),
  });
}

/** The import's refusal naming every bad row (nothing stored), or null for any other failure. */
export function refusalOf(err: unknown): DesignImportRefusal | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const parsed = designImportRefusal.safeParse(err.body);
  return parsed.success ? parsed.data : null;
}

/** Imports the file; the project's design lists (design screen, stake-out) read again once it is stored. */
export function useImportDesign(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: DesignFile; settings: DesignImportSettings; acceptErrors: boolean }) =>
      call(designEndpoints.importDesign, {
        params: { projectId },
        body: { ...v.settings, content: v.file.text, ...(v.acceptErrors ? { acceptErrors: true } : {}) },
        reply: designImportReply,
        quiet: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['design', projectId] }),
  });
}
