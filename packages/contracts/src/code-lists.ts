import { z } from 'zod';
import { id, noNul } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { codeList, controlCodes, FEATURE_CODE_LIMITS } from './feature-codes.js';
import { caseless, requiredText } from './survey-fields.js';

/**
 * Code lists as the API keeps them (decision 056): each belongs to the account that made it, a project reads its
 * shots with the list assigned to it or, with none, the shipped default.
 */

/** What a code list file comes as: Carlson's field-to-finish CSV (or our extended CSV with a header), or JSON. */
export const CODE_LIST_IMPORT_FORMATS = ['csv', 'json'] as const;
/** 'carlson-csv': Carlson's five columns, no header; 'csv': with a header, Kind and Colour; 'json': the whole list. */
export const CODE_LIST_EXPORT_FORMATS = ['carlson-csv', 'csv', 'json'] as const;
export type CodeListExportFormat = (typeof CODE_LIST_EXPORT_FORMATS)[number];

export const codeListImportBody = z.strictObject({
  format: caseless(CODE_LIST_IMPORT_FORMATS, 'must be csv or json'),
  /** the file's text, as read by the browser */
  content: z
    .string({ message: 'must be the text of the file' })
    .max(LIMITS.jsonBodyBytes, { message: `must be at most ${LIMITS.jsonBodyBytes} characters` })
    .refine(noNul, { message: 'must be a text file' }),
  /** the list's name: a CSV has none; a JSON file's own name is kept unless this is given */
  name: requiredText(FEATURE_CODE_LIMITS.listName, 'name must not be empty').optional(),
  /** a CSV carries no control codes: these or the defaults */
  controlCodes: controlCodes.optional(),
});
export type CodeListImportBody = z.infer<typeof codeListImportBody>;

export const assignCodeListBody = z.strictObject({
  /** null: the project reads its codes with the shipped default list */
  codeListId: id.nullable(),
});

/** A list as the API answers it: its id (null for the shipped default) and the list itself, as `codeList` gives it. */
const attributeView = z.object({
  name: z.string(),
  type: z.enum(['text', 'number', 'choice', 'yes-no']),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  choices: z.array(z.string()),
});
export const codeListView = z.object({
  id: z.string().nullable(),
  name: z.string(),
  controlCodes: z.object({ start: z.string(), end: z.string(), close: z.string(), arcStart: z.string(), arcEnd: z.string(), join: z.string() }),
  codes: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      kind: z.enum(['point', 'line', 'polygon']),
      layer: z.string(),
      colour: z.string(),
      threeD: z.boolean(),
      attributes: z.array(attributeView),
    }),
  ),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export const codeListSummary = z.object({ id: z.string(), name: z.string(), codes: z.number().int(), updatedAt: z.string(), projects: z.number().int() });
export const codeListReply = z.object({ success: z.literal(true), message: z.string().optional(), codeList: codeListView });
export const codeListsReply = z.object({ success: z.literal(true), codeLists: z.array(codeListSummary) });
/** The media types a code list file is served as. */
export const CODE_LIST_FILE_TYPES: string[] = ['text/csv; charset=utf-8', 'application/json; charset=utf-8'];

const byList = z.strictObject({ listId: id });
const byProject = z.strictObject({ projectId: id });

export const codeListEndpoints = {
  listCodeLists: endpoint({ method: 'GET', path: '/api/code-lists', access: 'verified', permission: 'read' }),
  /** the list every project starts with */
  defaultCodeList: endpoint({ method: 'GET', path: '/api/code-lists/default', access: 'verified', permission: 'account' }),
  createCodeList: endpoint({ method: 'POST', path: '/api/code-lists', access: 'verified', permission: 'manage', body: codeList }),
  /** 201 with the list, or 400 {errors: [{line, message}]} naming every bad row; nothing is stored then */
  importCodeList: endpoint({ method: 'POST', path: '/api/code-lists/import', access: 'verified', permission: 'manage', body: codeListImportBody }),
  getCodeList: endpoint({ method: 'GET', path: '/api/code-lists/:listId', access: 'verified', permission: 'read', params: byList }),
  replaceCodeList: endpoint({ method: 'PUT', path: '/api/code-lists/:listId', access: 'verified', permission: 'manage', params: byList, body: codeList }),
  /** 409 while a project reads its codes with it */
  deleteCodeList: endpoint({ method: 'DELETE', path: '/api/code-lists/:listId', access: 'verified', permission: 'manage', params: byList }),
  /** Replies with a file (Content-Disposition attachment) */
  exportCodeList: endpoint({
    method: 'GET',
    path: '/api/code-lists/:listId/export/:format',
    access: 'verified', permission: 'read',
    params: z.strictObject({ listId: id, format: caseless(CODE_LIST_EXPORT_FORMATS, `must be one of ${CODE_LIST_EXPORT_FORMATS.join(', ')}`) }),
  }),
  projectCodeList: endpoint({ method: 'GET', path: '/api/projects/:projectId/code-list', access: 'verified', permission: 'read', params: byProject }),
  assignCodeList: endpoint({ method: 'PUT', path: '/api/projects/:projectId/code-list', access: 'verified', permission: 'manage', params: byProject, body: assignCodeListBody }),
};
