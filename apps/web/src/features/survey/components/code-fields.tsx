import { useId } from 'react';
import type { z } from 'zod';
import type { codeListView } from '@smi/contracts';

type CodeList = z.infer<typeof codeListView>;
type Code = CodeList['codes'][number];
/** What the form holds: by code, then attribute name, the text typed or chosen ('' for none). */
export type AttributeInput = Record<string, Record<string, string>>;

/** The codes of a code string the list knows ('EP1 ST FE' -> EP, FE): 'EP1' is string 1 of EP. */
export function codesOf(text: string, list: CodeList | undefined): Code[] {
  if (!list) return [];
  const byName = new Map(list.codes.map((c) => [c.code.toUpperCase(), c]));
  const found: Code[] = [];
  for (const word of text.trim().toUpperCase().split(/\s+/)) {
    const code = byName.get(word) ?? byName.get(word.replace(/\d+$/, ''));
    if (code && !found.includes(code)) found.push(code);
  }
  return found;
}

/**
 * The code the next shot starts with: the same codes and string numbers, without the control codes of this shot
 * ('FE ST' -> 'FE', 'KB1 PC' -> 'KB1', 'FE JPN CP7' -> 'FE'), so one tap shoots the next point of the same line.
 */
export function carriedCode(text: string, list: CodeList | undefined): string {
  if (!list) return text.trim();
  const controls = new Set(Object.values(list.controlCodes).map((c) => c.toUpperCase()));
  const join = list.controlCodes.join.toUpperCase();
  const words = text.trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.toUpperCase();
    if (w === join) i++;
    else if (!controls.has(w) && !w.startsWith(join)) kept.push(words[i]!);
  }
  return kept.join(' ');
}

/** The attribute values as the API takes them: only what was filled in (the server fills defaults). */
export function attributesBody(input: AttributeInput, codes: Code[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const c of codes) {
    const values = Object.fromEntries(Object.entries(input[c.code] ?? {}).filter(([name, v]) => v !== '' && c.attributes.some((a) => a.name === name)));
    if (Object.keys(values).length) out[c.code] = values;
  }
  return out;
}

interface Props {
  list: CodeList | undefined;
  recent: string[];
  code: string;
  onCode: (code: string) => void;
  attributes: AttributeInput;
  onAttributes: (a: AttributeInput) => void;
  note: string;
  onNote: (note: string) => void;
}

/** Feature code (the last used first, completing as it is typed), its attributes, and a note. */
export function CodeFields({ list, recent, code, onCode, attributes, onAttributes, note, onNote }: Props) {
  const id = useId();
  const codes = codesOf(code, list);
  const set = (c: string, name: string, value: string) => onAttributes({ ...attributes, [c]: { ...attributes[c], [name]: value } });
  const known = new Set(list?.codes.map((c) => c.code) ?? []);
  const options = [...recent, ...(list?.codes.map((c) => c.code) ?? []).filter((c) => !recent.includes(c))];
  return (
    <>
      <label>
        <span className="label">Code</span>
        <input
          className="input"
          value={code}
          onChange={(e) => onCode(e.target.value)}
          list={`${id}-codes`}
          maxLength={200}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="e.g. FENCE, EP1 ST, BLD CLO"
          data-testid="record-code"
        />
        <datalist id={`${id}-codes`}>
          {options.map((c) => (
            <option key={c} value={c}>
              {known.has(c) ? list?.codes.find((x) => x.code === c)?.description : undefined}
            </option>
          ))}
        </datalist>
      </label>
      {codes
        .filter((c) => c.attributes.length)
        .map((c) => (
          <fieldset key={c.code} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-700">
              {c.code} {c.description && <span className="font-normal text-slate-500">· {c.description}</span>}
            </legend>
            <div className="flex flex-col gap-2">
              {c.attributes.map((a) => {
                const value = attributes[c.code]?.[a.name] ?? '';
                const label = `${a.name}${a.required ? ' *' : ''}`;
                return (
                  <label key={a.name}>
                    <span className="label">{label}</span>
                    {a.type === 'choice' || a.type === 'yes-no' ? (
                      <select className="input" value={value} required={a.required && a.default === null} onChange={(e) => set(c.code, a.name, e.target.value)}>
                        <option value="">{a.default === null ? '—' : `Default (${String(a.default)})`}</option>
                        {(a.type === 'choice' ? a.choices : ['yes', 'no']).map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        className="input"
                        value={value}
                        required={a.required && a.default === null}
                        inputMode={a.type === 'number' ? 'decimal' : undefined}
                        pattern={a.type === 'number' ? '-?\\d+(\\.\\d+)?' : undefined}
                        placeholder={a.default === null ? undefined : String(a.default)}
                        onChange={(e) => set(c.code, a.name, e.target.value)}
                      />
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      <label>
        <span className="label">Note</span>
        <textarea className="input" rows={2} maxLength={2000} value={note} onChange={(e) => onNote(e.target.value)} data-testid="record-note" />
      </label>
    </>
  );
}
