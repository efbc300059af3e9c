import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectEndpoints, projectReply, projectsReply, type ProjectView } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { projectKeys } from './keys';

export type Project = ProjectView;

export const projectsQuery = (userId: string) =>
  queryOptions({
    queryKey: projectKeys.list(userId),
    queryFn: () => call(projectEndpoints.userProjects, { params: { userId }, reply: projectsReply, quiet: true }).then((r) => r.projects),
  });

export const useProjects = (userId: string) => useQuery(projectsQuery(userId));

/** One project; a failed load shows the server's message as a toast. */
export const getProject = (id: string) => call(projectEndpoints.getProject, { params: { id }, reply: projectReply }).then((r) => r.project);

export const projectQuery = (id: string) => queryOptions({ queryKey: projectKeys.one(id), queryFn: () => getProject(id) });

export const useProject = (id: string) => useQuery(projectQuery(id));
