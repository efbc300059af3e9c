import type { ProjectStatus } from '@smi/contracts';

/** The spec's survey status: a missing or unknown status is treated as Active. */
export function surveyStatus(status: string | null | undefined): ProjectStatus {
  const s = (status ?? '').toLowerCase();
  return s === 'paused' ? 'Paused' : s === 'completed' ? 'Completed' : 'Active';
}
