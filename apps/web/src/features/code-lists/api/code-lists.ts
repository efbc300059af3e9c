import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  codeListEndpoints as e,
  codeListReply,
  codeListsReply,
  pathFor,
  type CodeListExportFormat,
  type CodeListImportBody,
  type CodeListInput,
} from '@smi/contracts';
import { call } from '../../../lib/api-client';

const key = ['code-lists'] as const;

export const codeListsQuery = () => queryOptions({ queryKey: key, queryFn: () => call(e.listCodeLists, { reply: codeListsReply, quiet: true }).then((r) => r.codeLists) });
export const useCodeLists = () => useQuery(codeListsQuery());

/** One list whole (null: the shipped default, which every project without a list reads its codes with). */
export function useCodeList(listId: string | null | undefined) {
  return useQuery({
    queryKey: [...key, listId ?? 'default'],
    queryFn: () =>
      (listId ? call(e.getCodeList, { params: { listId }, reply: codeListReply, quiet: true }) : call(e.defaultCodeList, { reply: codeListReply, quiet: true })).then((r) => r.codeList),
    enabled: listId !== undefined,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  // a project's list and its linework change with the list it reads
  return () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['project-code-list'] }), client.invalidateQueries({ queryKey: ['linework'] })]);
}

/** Saves a list: a new one (no id) is created, else replaced whole. */
export function useSaveCodeList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CodeListInput }) =>
      id ? call(e.replaceCodeList, { params: { listId: id }, body, reply: codeListReply }) : call(e.createCodeList, { body, reply: codeListReply }),
    onSuccess: invalidate,
  });
}

/** Imports a file; a refused one throws an ApiError whose body names every bad line (`errors`). */
export function useImportCodeList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CodeListImportBody) => call(e.importCodeList, { body, reply: codeListReply, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCodeList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (listId: string) => call(e.deleteCodeList, { params: { listId } }),
    onSuccess: invalidate,
  });
}

/** The project's list (its own, else the shipped default with id null). */
export function useProjectList(projectId: string) {
  return useQuery({
    queryKey: ['project-code-list', projectId],
    queryFn: () => call(e.projectCodeList, { params: { projectId }, reply: codeListReply, quiet: true }).then((r) => r.codeList),
    staleTime: 60_000,
  });
}

export function useAssignCodeList(projectId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (codeListId: string | null) => call(e.assignCodeList, { params: { projectId }, body: { codeListId }, reply: codeListReply }),
    onSuccess: invalidate,
  });
}

/** Downloads a list as Carlson's CSV, our extended CSV or JSON; a refused one throws with the server's message. */
export async function downloadCodeList(listId: string, format: CodeListExportFormat): Promise<void> {
  const res = await fetch(pathFor(e.exportCodeList.path, { listId, format }), { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : `Failed to export: ${res.status} ${res.statusText}`);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = (star && decodeURIComponent(star)) || /filename="([^"]+)"/i.exec(disposition)?.[1] || `code-list.${format === 'json' ? 'json' : 'csv'}`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // revoked later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
