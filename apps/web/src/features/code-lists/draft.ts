import { codeList, DEFAULT_CONTROL_CODES, type AttributeType, type CodeListInput, type ControlCodes, type FeatureKind } from '@smi/contracts';

/**
 * A code list as the editor holds it: every field a string or flag a form control can show, turned into the
 * contracts' body on save and checked there with the server's own schema, so a mistake is named before the request.
 */
export interface AttributeDraft {
  name: string;
  type: AttributeType;
  required: boolean;
  /** as typed: '' for none; 'yes'/'no' for a yes-no attribute */
  default: string;
  /** one choice per line */
  choices: string;
}
export interface CodeDraft {
  code: string;
  description: string;
  kind: FeatureKind;
  layer: string;
  colour: string;
  threeD: boolean;
  attributes: AttributeDraft[];
}
export interface ListDraft {
  id: string | null;
  name: string;
  controlCodes: ControlCodes;
  codes: CodeDraft[];
}

interface ListView {
  id: string | null;
  name: string;
  controlCodes: ControlCodes;
  codes: {
    code: string;
    description: string;
    kind: FeatureKind;
    layer: string;
    colour: string;
    threeD: boolean;
    attributes: { name: string; type: AttributeType; required: boolean; default: string | number | boolean | null; choices: string[] }[];
  }[];
}

const defaultText = (v: string | number | boolean | null) => (v === null ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

export function draftOf(list: ListView, copy = false): ListDraft {
  return {
    id: copy ? null : list.id,
    name: copy ? `${list.name} (copy)` : list.name,
    controlCodes: { ...list.controlCodes },
    codes: list.codes.map((c) => ({
      ...c,
      attributes: c.attributes.map((a) => ({ ...a, default: defaultText(a.default), choices: a.choices.join('\n') })),
    })),
  };
}

export const emptyDraft = (): ListDraft => ({ id: null, name: '', controlCodes: { ...DEFAULT_CONTROL_CODES }, codes: [] });
export const newCode = (): CodeDraft => ({ code: '', description: '', kind: 'point', layer: '', colour: '#1D4ED8', threeD: true, attributes: [] });
export const newAttribute = (): AttributeDraft => ({ name: '', type: 'text', required: false, default: '', choices: '' });

function defaultValue(a: AttributeDraft): string | number | boolean | null {
  const v = a.default.trim();
  if (v === '') return null;
  if (a.type === 'number') return Number.isFinite(Number(v)) ? Number(v) : v;
  if (a.type === 'yes-no') return v === 'yes' ? true : v === 'no' ? false : v;
  return v;
}

export function bodyOf(d: ListDraft): CodeListInput {
  return {
    name: d.name,
    controlCodes: d.controlCodes,
    codes: d.codes.map((c) => ({
      code: c.code,
      description: c.description,
      kind: c.kind,
      layer: c.layer,
      colour: c.colour,
      threeD: c.threeD,
      attributes: c.attributes.map((a) => ({
        name: a.name,
        type: a.type,
        required: a.required,
        default: defaultValue(a),
        choices: a.type === 'choice' ? a.choices.split('\n').map((s) => s.trim()).filter(Boolean) : [],
      })),
    })),
  };
}

/** Where a problem is, as a surveyor reads it: 'Code 3 (EP), attribute 1: ...'. */
function placeOf(path: PropertyKey[], d: ListDraft): string {
  const [head, i, field, j, sub] = path;
  if (head === 'name') return 'Name';
  if (head === 'controlCodes') return `Control code “${String(i)}”`;
  if (head === 'codes' && typeof i === 'number') {
    const code = d.codes[i]?.code.trim();
    const where = `Code ${i + 1}${code ? ` (${code})` : ''}`;
    if (field === 'attributes' && typeof j === 'number') return `${where}, attribute ${j + 1}${sub ? ` ${String(sub)}` : ''}`;
    return field ? `${where} ${String(field)}` : where;
  }
  return 'The list';
}

/** The body the API takes, or every problem the contracts find in the draft. */
export function checkDraft(d: ListDraft): { ok: true; body: CodeListInput } | { ok: false; problems: string[] } {
  const body = bodyOf(d);
  const parsed = codeList.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return { ok: false, problems: [...new Set(parsed.error.issues.map((i) => `${placeOf(i.path, d)}: ${i.message}`))] };
}

/** An import's format from its file name: .json is JSON, anything else Carlson's CSV. */
export const importFormatOf = (fileName: string): 'csv' | 'json' => (/\.json$/i.test(fileName) ? 'json' : 'csv');
