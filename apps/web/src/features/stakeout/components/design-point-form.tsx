import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { designPointBody, type DesignPointBody, type DesignPointView } from '@smi/contracts';
import { Modal } from '../../../components/modal';
import { ApiError, personText } from '../../../lib/api-client';
import { useDesignEdits } from '../api/design-edit';
import { unitSymbol } from '../../../lib/grid';

type Field = 'name' | 'easting' | 'northing' | 'elevation' | 'code' | 'layer';
const FIELDS: readonly Field[] = ['name', 'easting', 'northing', 'elevation', 'code', 'layer'];
type Texts = Record<Field, string>;
export type FieldErrors = Partial<Record<Field | 'form', string>>;

const textsOf = (p: DesignPointView | null): Texts => ({
  name: p?.name ?? '',
  easting: p ? String(p.easting) : '',
  northing: p ? String(p.northing) : '',
  elevation: p?.elevation === null || p?.elevation === undefined ? '' : String(p.elevation),
  code: p?.code ?? '',
  layer: p?.layer ?? '',
});

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/**
 * A typed length as the API takes it: a number (a decimal comma read as a point), or, when it is not one, the text
 * itself, so the contracts' schema answers with its own words ("must be a number"). Empty: undefined.
 */
function typedNumber(text: string): number | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const dotted = !t.includes('.') && (t.match(/,/g) ?? []).length === 1 ? t.replace(',', '.') : t;
  return NUMBER.test(dotted) ? Number(dotted) : t;
}

/** The body the form's texts make: elevation left empty is a 2D point (null). */
function bodyOf(t: Texts): Record<Field, unknown> {
  return {
    name: t.name,
    easting: typedNumber(t.easting),
    northing: typedNumber(t.northing),
    elevation: typedNumber(t.elevation) ?? null,
    code: t.code,
    layer: t.layer,
  };
}

/**
 * The body checked by the contracts' own schema (the one the API checks with): the value as the API reads it
 * (names trimmed), or each field's first problem.
 */
export function checked(body: unknown): { value: DesignPointBody; errors: null } | { value: null; errors: FieldErrors } {
  const parsed = designPointBody.safeParse(body);
  if (parsed.success) return { value: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' && (FIELDS as readonly string[]).includes(key) ? (key as Field) : 'form';
    errors[field] ??= personText(issue.message);
  }
  return { value: null, errors };
}

/**
 * A refusal of the API beside the field it is about: a 400 names its field first ("easting: is out of range"), a 409
 * of a name the project already has goes beside the name; anything else (the project gone, no projected CRS) above
 * the buttons.
 */
export function serverErrors(err: unknown, name: string): FieldErrors {
  if (!(err instanceof ApiError)) return { form: err instanceof Error ? err.message : String(err) };
  const raw = (err.body as { message?: unknown } | undefined)?.message;
  const message = typeof raw === 'string' && raw ? raw : err.message;
  const keyed = /^([a-z]+): (.+)$/.exec(message);
  if (err.status === 400 && keyed && (FIELDS as readonly string[]).includes(keyed[1]!)) return { [keyed[1] as Field]: personText(keyed[2]!) };
  if (err.status === 409 && name.trim() && message.includes(`“${name.trim()}”`)) return { name: message };
  return { form: personText(message) };
}

interface Props {
  projectId: string;
  /** the point edited, or null to type a new one */
  point: DesignPointView | null;
  /** the project's linear unit the coordinates are typed in ('metre', 'foot', 'US survey foot') */
  unit: string;
  onClose: () => void;
}

/**
 * Typing a design point or editing one, in the project's grid and unit. Checked with the API's own schema before it
 * is sent; the API's refusals go beside their fields. An edit sends only the fields changed, so an untouched
 * coordinate keeps its stored value exactly (the list shows it rounded to 0.1 mm).
 */
export function DesignPointForm({ projectId, point, unit, onClose }: Props) {
  const initial = textsOf(point);
  const [texts, setTexts] = useState<Texts>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { create, update } = useDesignEdits(projectId);
  const busy = create.isPending || update.isPending;
  const symbol = unitSymbol(unit);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { value, errors: found } = checked(bodyOf(texts));
    setErrors(found ?? {});
    if (!value) return;
    try {
      if (point) {
        const changed = Object.fromEntries(FIELDS.filter((f) => texts[f].trim() !== initial[f].trim()).map((f) => [f, value[f] ?? null])) as Partial<DesignPointBody>;
        if (!Object.keys(changed).length) return onClose();
        const reply = await update.mutateAsync({ pointId: point.id, body: changed });
        toast.success(reply.message ?? 'Design point saved');
      } else {
        const reply = await create.mutateAsync(value);
        toast.success(reply.message ?? 'Design point added');
      }
      onClose();
    } catch (err) {
      setErrors(serverErrors(err, texts.name));
    }
  }

  const input = (field: Field, label: string, opts: { numeric?: boolean; hint?: string } = {}) => {
    const id = `design-${field}`;
    const error = errors[field];
    return (
      <div>
        <label htmlFor={id} className="label">
          {label}
          {opts.hint && <span className="ml-1 font-normal text-slate-500">{opts.hint}</span>}
        </label>
        <input
          id={id}
          className={`input ${error ? 'border-red-600' : ''}`}
          value={texts[field]}
          inputMode={opts.numeric ? 'decimal' : undefined}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTexts({ ...texts, [field]: e.target.value })}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal
      open
      title={point ? `Edit ${point.name}` : 'Add design point'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="design-point-form" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : point ? 'Save' : 'Add point'}
          </button>
        </>
      }
    >
      <form id="design-point-form" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        {input('name', 'Name')}
        <div className="grid grid-cols-2 gap-3">
          {input('easting', `Easting (${symbol})`, { numeric: true })}
          {input('northing', `Northing (${symbol})`, { numeric: true })}
        </div>
        {input('elevation', `Elevation (${symbol})`, { numeric: true, hint: 'optional' })}
        <div className="grid grid-cols-2 gap-3">
          {input('code', 'Code')}
          {input('layer', 'Layer')}
        </div>
        {errors.form && (
          <p role="alert" className="error-box">
            {errors.form}
          </p>
        )}
      </form>
    </Modal>
  );
}
