import { Router } from 'express';
import { codeListEndpoints as e, type CodeList, type CodeListExportFormat } from '@smi/contracts';
import { DEFAULT_CODE_LIST, exportCodeListCsv, exportCodeListJson, importCodeListCsv, importCodeListJson } from '@smi/feature-codes';
import type { AppDeps } from '../http/deps.js';
import { AppError, notFound } from '../http/errors.js';
import { mount } from '../http/route.js';
import { attachmentOf } from '../exports/file-name.js';
import { codeListsRepository as repo, listOf, type CodeListRow } from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export function codeListView(row: CodeListRow | null) {
  if (!row) return { ...DEFAULT_CODE_LIST, id: null, createdAt: null, updatedAt: null };
  return { ...listOf(row), id: row.id, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

const FILES: Record<CodeListExportFormat, { type: string; ending: string; write: (l: CodeList) => string }> = {
  'carlson-csv': { type: 'text/csv; charset=utf-8', ending: '-codes-carlson.csv', write: (l) => exportCodeListCsv(l, 'carlson') },
  csv: { type: 'text/csv; charset=utf-8', ending: '-codes.csv', write: (l) => exportCodeListCsv(l, 'extended') },
  json: { type: 'application/json; charset=utf-8', ending: '-codes.json', write: exportCodeListJson },
};

/** Feature code lists (decisions 045, 056): the account's own lists, the shipped default, and a project's list. */
export function codeListRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  const load = deps.sessions.userOf.bind(deps.sessions);
  const owned = async (userId: string, listId: string) => {
    const row = await repo.owned(db, userId, listId);
    if (!row) throw notFound('Code list not found');
    return row;
  };

  mount(router, e.listCodeLists, load, async ({ user }) => ({
    success: true as const,
    codeLists: (await repo.summaries(db, user.workspace.id)).map((r) => ({ id: r.id, name: r.name, codes: r.codes, updatedAt: iso(r.updated_at), projects: r.projects })),
  }));

  mount(router, e.defaultCodeList, load, () => ({ success: true as const, codeList: codeListView(null) }));

  mount(router, e.createCodeList, load, async ({ user, body, res }) => {
    res.status(201);
    return { success: true as const, message: 'Code list created', codeList: codeListView(await repo.create(db, user.workspace.id, body)) };
  });

  mount(router, e.importCodeList, load, async ({ user, body, res }) => {
    const read = body.format === 'csv' ? importCodeListCsv(body.content, { name: body.name ?? 'Imported codes', controlCodes: body.controlCodes }) : importCodeListJson(body.content);
    if (!read.ok) {
      const first = read.errors[0]!;
      const count = read.errors.length;
      res.status(400).json({
        success: false,
        message: `Nothing was imported: ${count === 1 ? 'one problem' : `${count} problems`}, first ${first.line === null ? '' : `line ${first.line}: `}${first.message}`,
        errors: read.errors,
      });
      return undefined;
    }
    const list = body.name && body.format === 'json' ? { ...read.list, name: body.name } : read.list;
    res.status(201);
    return { success: true as const, message: `Imported ${list.codes.length} codes`, codeList: codeListView(await repo.create(db, user.workspace.id, list)) };
  });

  mount(router, e.getCodeList, load, async ({ user, params }) => ({ success: true as const, codeList: codeListView(await owned(user.workspace.id, params.listId)) }));

  mount(router, e.replaceCodeList, load, async ({ user, params, body }) => {
    const row = await repo.replace(db, user.workspace.id, params.listId, body);
    if (!row) throw notFound('Code list not found');
    for (const projectId of await repo.projectIdsUsing(db, row.id)) deps.events.emit('lineworkChanged', user.workspace.id, projectId);
    return { success: true as const, message: 'Code list saved', codeList: codeListView(row) };
  });

  mount(router, e.deleteCodeList, load, async ({ user, params }) => {
    await db.tx(async (q) => {
      const row = await repo.owned(q, user.workspace.id, params.listId);
      if (!row) throw notFound('Code list not found');
      const using = await repo.projectsUsing(q, params.listId);
      if (using.length) throw new AppError(409, `The code list is used by ${using.length === 1 ? 'the project' : 'the projects'} ${using.map((n) => `“${n}”`).join(', ')}: give ${using.length === 1 ? 'it' : 'them'} another list first.`);
      await repo.remove(q, user.workspace.id, params.listId);
    });
    return { success: true as const, message: 'Code list deleted' };
  });

  mount(router, e.exportCodeList, load, async ({ user, params, res }) => {
    const row = await owned(user.workspace.id, params.listId);
    const file = FILES[params.format];
    res.set({ 'Content-Type': file.type, 'Content-Disposition': attachmentOf(row.name, file.ending) });
    res.send(file.write(listOf(row)));
    return undefined;
  });

  mount(router, e.projectCodeList, load, async ({ user, params }) => {
    const row = await repo.ofProject(db, user.workspace.id, params.projectId);
    if (row === undefined) throw notFound('Project not found');
    return { success: true as const, codeList: codeListView(row) };
  });

  mount(router, e.assignCodeList, load, async ({ user, params, body }) => {
    const row = await db.tx(async (q) => {
      const list = body.codeListId ? await repo.owned(q, user.workspace.id, body.codeListId) : null;
      if (body.codeListId && !list) throw notFound('Code list not found');
      if (!(await repo.assign(q, user.workspace.id, params.projectId, body.codeListId))) throw notFound('Project not found');
      return list ?? null;
    });
    deps.events.emit('lineworkChanged', user.workspace.id, params.projectId);
    return { success: true as const, message: row ? `The project reads its codes with “${row.name}”` : 'The project reads its codes with the default list', codeList: codeListView(row) };
  });

  return router;
}
