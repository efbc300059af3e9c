import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  projectEndpoints as e,
  projectReply,
  sectionsReply,
  type BaseMode,
  type CreateProjectBody,
  type ProjectStatus,
} from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';
import { projectKeys } from './keys';
import type { Project } from './projects';

// Every call here is quiet: the screens choose the message (server text first, else the screen's own default).

export const createProject = (body: CreateProjectBody) =>
  call(e.createProject, { body, reply: projectReply.extend({ _id: z.string().optional() }), quiet: true });

export const deleteProject = (id: string) => call(e.deleteProject, { params: { id }, quiet: true });

export const setProjectStatus = (id: string, Status: ProjectStatus) =>
  call(e.setProjectStatus, { params: { id }, body: { Status }, reply: projectReply, quiet: true }).then((r) => r.project);

export const addSection = (id: string, sectionName: string) =>
  call(e.addSection, { params: { id }, body: { sectionName }, reply: sectionsReply, quiet: true });

export const removeSection = (id: string, sectionName: string) =>
  call(e.removeSection, { params: { id }, body: { sectionName }, reply: sectionsReply, quiet: true });

export const setBaseMode = (id: string, baseMode: BaseMode) =>
  call(e.setBaseMode, { params: { id }, body: { baseMode }, reply: projectReply, quiet: true }).then((r) => r.project);

export const setBaseLocation = (id: string, baseLatitude: number, baseLongitude: number) =>
  call(e.setBaseLocation, {
    params: { id },
    // the Known choice stays local until the coordinates are saved, so this one write switches the mode too
    body: { baseLatitude, baseLongitude, baseMode: 'known' },
    reply: projectReply,
    quiet: true,
  }).then((r) => r.project);

/** Puts a project the server answered into the cache and marks the lists stale. */
export function useStoreProject() {
  const client = useQueryClient();
  return (project: Project) => {
    client.setQueryData(projectKeys.one(project._id), project);
    void client.invalidateQueries({ queryKey: projectKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
  };
}

/** Updates only the sections of a cached project (the sections calls answer the list, not the project). */
export function useStoreSections() {
  const client = useQueryClient();
  return (id: string, Sections: string[]) =>
    client.setQueryData<Project>(projectKeys.one(id), (p) => (p ? { ...p, Sections, Last_Modified: new Date().toISOString() } : p));
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_r, id) => {
      client.removeQueries({ queryKey: projectKeys.one(id) });
      return client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
