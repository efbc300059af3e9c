import type { CodeList, FeatureCode, ShotAttributes } from '@smi/contracts';
import { DEFAULT_CODE_LIST, checkShotAttributes, compileCodeList, parseCodeString } from '@smi/feature-codes';
import { keptUntilAnnounced, type Db, type Queryable } from '@smi/db';
import { AppError } from '../http/errors.js';
import { codeListsRepository, listOf } from './repository.js';

export type AttributeValues = Record<string, Record<string, string | number | boolean | null>>;

/** The list a project reads its shots with: its own, else the shipped default; undefined when not the owner's project. */
export async function projectCodeList(q: Queryable, ownerId: string, projectId: string): Promise<CodeList | undefined> {
  const row = await codeListsRepository.ofProject(q, ownerId, projectId);
  if (row === undefined) return undefined;
  return row ? listOf(row) : DEFAULT_CODE_LIST;
}

type KeptList = { ownerId: string; list: CodeList };
const keptLists = new WeakMap<object, (projectId: string) => Promise<KeptList | undefined>>();

/**
 * The list a new shot of a project is read with, as projectCodeList answers it, kept on the embedded database until
 * the project's list or owner changes or a list is edited (migration 181 announces it; decision 082): recording a
 * coded point reads no list once its project's is known.
 */
export async function recordingCodeList(db: Db, ownerId: string, projectId: string): Promise<CodeList | undefined> {
  let read = keptLists.get(db);
  if (!read) {
    read = keptUntilAnnounced(db, 'project_code_lists', async (id) => {
      const [row] = await db.query<{ owner_id: string; name: string | null; control_codes: CodeList['controlCodes']; codes: CodeList['codes'] }>(
        'SELECT p.owner_id, l.name, l.control_codes, l.codes FROM projects p LEFT JOIN code_lists l ON l.id = p.code_list_id WHERE p.id = $1',
        [id],
      );
      if (!row) return undefined;
      return { ownerId: row.owner_id, list: row.name === null ? DEFAULT_CODE_LIST : { name: row.name, controlCodes: row.control_codes, codes: row.codes } };
    });
    keptLists.set(db, read);
  }
  const kept = await read(projectId.toLowerCase());
  // another workspace's project answers like a missing one
  return kept && kept.ownerId === ownerId ? kept.list : undefined;
}

/**
 * A shot's code string and attribute values as they are stored: the string must read with the project's list
 * (400 "Code: why" otherwise) and the values must fit its codes' attributes (400 "Attributes: ..."); the values come
 * back complete (defaults filled, every attribute of every code present) in the list's spelling. Without
 * `attributes` (a recode), the values `kept` has for the codes and attributes the new string still has are used.
 */
export function checkedShotCode(list: CodeList, code: string, attributes: ShotAttributes | undefined, kept: AttributeValues = {}): { code: string; attributes: AttributeValues } {
  if (!code) {
    if (attributes && Object.keys(attributes).length) throw new AppError(400, 'Attributes: a shot without a code has no attributes');
    return { code: '', attributes: {} };
  }
  const parsed = parseCodeString(code, compileCodeList(list));
  if (!parsed.ok) throw new AppError(400, `Code: ${parsed.error}`);
  const given = attributes ?? keptFor(parsed.codes.map((c) => c.code), kept);
  const checked = checkShotAttributes(parsed.codes, given);
  if (!checked.ok) throw new AppError(400, `Attributes: ${checked.errors.join('; ')}`);
  return { code: code.trim().replace(/\s+/g, ' '), attributes: checked.values };
}

function keptFor(codes: readonly FeatureCode[], kept: AttributeValues): ShotAttributes {
  const out: ShotAttributes = {};
  for (const c of codes) {
    const values = kept[c.code];
    if (!values) continue;
    out[c.code] = Object.fromEntries(Object.entries(values).filter(([name]) => c.attributes.some((a) => a.name === name)));
  }
  return out;
}
