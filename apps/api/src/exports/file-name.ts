import type { ExportFormat } from '@smi/contracts';

export const EXTENSIONS: Record<ExportFormat, string> = { pdf: 'pdf', dxf: 'dxf', csv: 'csv', txt: 'txt', geojson: 'geojson', kml: 'kml', shp: 'zip', landxml: 'xml' };

export { EXPORT_CONTENT_TYPES as CONTENT_TYPES } from '@smi/contracts';

const MAX_NAME = 80;

/**
 * A project name made safe as a file name on every OS: no control characters (CR/LF would split the header),
 * no path separators, quotes or characters Windows refuses; spaces collapsed; never empty, never "." or "..".
 */
export function safeFileStem(projectName: string): string {
  const cleaned = projectName
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[/\\"<>:|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = [...cleaned].slice(0, MAX_NAME).join('').trim();
  return cut || 'project';
}

/** The ASCII fallback: accents dropped (Łódź -> Lodz where Unicode can decompose), anything else non-ASCII -> "_". */
export function asciiFileStem(stem: string): string {
  const ascii = stem
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/[%;]/g, '_')
    .trim();
  return ascii.replace(/^[_ .]+$/, '') || 'project';
}

/** RFC 5987 value-chars: encodeURIComponent leaves a few that the ABNF does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<name>-points.<ext>"` (a preset's file `<name>-points-<preset>[-<tag>].<ext>`, the tag
 * naming the CRS and height of a file that has no header to say it), plus filename* (UTF-8) when the name is not
 * plain ASCII.
 */
export function contentDisposition(projectName: string, format: ExportFormat, preset?: string, tag?: string): string {
  return attachmentOf(projectName, `-points${preset ? `-${preset}` : ''}${preset && tag ? `-${tag}` : ''}.${EXTENSIONS[format]}`);
}

/** `attachment; filename="<name><ending>"` with the name made safe, plus filename* (UTF-8) when it is not plain ASCII. */
export function attachmentOf(name: string, ending: string): string {
  const stem = safeFileStem(name);
  const ascii = asciiFileStem(stem);
  const header = `attachment; filename="${ascii}${ending}"`;
  return ascii === stem ? header : `${header}; filename*=UTF-8''${rfc5987(stem + ending)}`;
}
