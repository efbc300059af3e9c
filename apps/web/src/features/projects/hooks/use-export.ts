import { useState } from 'react';
import { fetchExport, saveFile, type DownloadFormat, type ExportedFile } from '../api/export-file';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'exporting'; format: DownloadFormat }
  | { phase: 'done'; format: DownloadFormat }
  | { phase: 'failed'; message: string };

/** The Export control's message line for a state. */
export function exportMessage(state: ExportState): string | null {
  switch (state.phase) {
    case 'exporting':
      return `Preparing ${state.format.toUpperCase()} file...`;
    case 'done':
      return `Successfully exported as ${state.format.toUpperCase()}`;
    case 'failed':
      return `Export failed: ${state.message}`;
    default:
      return null;
  }
}

interface Deps {
  fetchFile?: (format: DownloadFormat, projectId: string) => Promise<ExportedFile>;
  save?: (file: ExportedFile) => void;
}

/** idle -> exporting -> done | failed; changing the format clears the message. */
export function useExport(projectId: string, { fetchFile = fetchExport, save = saveFile }: Deps = {}) {
  const [format, setFormatState] = useState<DownloadFormat>('pdf');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });

  const setFormat = (next: DownloadFormat) => {
    setFormatState(next);
    if (state.phase !== 'exporting') setState({ phase: 'idle' });
  };

  const run = async () => {
    if (state.phase === 'exporting') return;
    const chosen = format;
    setState({ phase: 'exporting', format: chosen });
    try {
      save(await fetchFile(chosen, projectId));
      setState({ phase: 'done', format: chosen });
    } catch (err) {
      setState({ phase: 'failed', message: err instanceof Error && err.message ? err.message : 'Unknown error' });
    }
  };

  return { format, setFormat, state, run, busy: state.phase === 'exporting' };
}
