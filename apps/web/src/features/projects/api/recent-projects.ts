import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

// Declared here until packages/contracts/src/projects.ts lands; then this uses its endpoint and reply schema.
const recentProjectsRoute = { method: 'GET', path: '/api/projects/recentprojects/:userId' } as const;
const projectRow = z.object({
  _id: z.string(),
  Name: z.string(),
  Status: z.string().nullable().optional(),
  Created_On: z.string(),
  Last_Modified: z.string(),
});
const recentProjectsReply = z.object({ success: z.literal(true), projects: z.array(projectRow) });
export type ProjectRow = z.infer<typeof projectRow>;

export const recentProjectsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['projects', 'recent', userId],
    queryFn: () => call(recentProjectsRoute, { params: { userId }, reply: recentProjectsReply, quiet: true }).then((r) => r.projects),
  });

export const useRecentProjects = (userId: string) => useQuery(recentProjectsQuery(userId));
