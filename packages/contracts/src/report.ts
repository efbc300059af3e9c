import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

export const reportEndpoints = {
  /** The survey report PDF (decision 023); a file, like the exports; errors are the usual JSON reply. */
  exportReport: endpoint({ method: 'GET', path: '/api/export/report/:projectId', access: 'verified', permission: 'read', params: z.strictObject({ projectId: id }) }),
};
