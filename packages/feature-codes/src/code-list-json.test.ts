import { codeList } from '@smi/contracts';
import { describe, expect, it } from 'vitest';
import { exportCodeListJson, importCodeListJson } from './code-list-json.js';
import { DEFAULT_CODE_LIST } from './default-list.js';

describe('a code list as JSON', () => {
  it('round-trips the whole list: attributes, choices, defaults and control codes', () => {
    const custom = codeList.parse({
      ...DEFAULT_CODE_LIST,
      name: 'Civil crew',
      controlCodes: { start: 'B', end: 'E', close: 'CLS', arcStart: 'BC', arcEnd: 'EC', join: 'CPN' },
    });
    for (const list of [DEFAULT_CODE_LIST, custom]) {
      const text = exportCodeListJson(list);
      expect(importCodeListJson(text)).toEqual({ ok: true, list });
      expect(JSON.parse(text)).toEqual(list);
    }
    const tree = DEFAULT_CODE_LIST.codes.find((c) => c.code === 'TREE')!;
    expect(tree.attributes.map((a) => [a.name, a.type, a.default])).toEqual([
      ['Species', 'text', null],
      ['Trunk diameter (m)', 'number', null],
      ['Height (m)', 'number', null],
      ['Protected', 'yes-no', false],
    ]);
  });

  it('names the line of every bad value and imports nothing', () => {
    const text = `{
  "name": "Crew",
  "codes": [
    { "code": "EP", "kind": "line", "layer": "ROAD", "colour": "#FF8800" },
    {
      "code": "MH",
      "kind": "point",
      "layer": "DRAINAGE",
      "colour": "blue",
      "attributes": [
        { "name": "Material", "type": "choice", "choices": [] },
        { "name": "Cover level", "type": "number", "default": "12.5" }
      ]
    },
    { "code": "ep", "kind": "line", "layer": "ROAD", "colour": "#F80" },
    { "kind": "area", "layer": "X", "colour": "#000" }
  ]
}`;
    expect(importCodeListJson(text)).toEqual({
      ok: false,
      errors: [
        { line: 9, message: 'MH: colour: must be a colour like #FF8800' },
        { line: 11, message: 'MH: attributes.0.choices: a choice attribute needs at least one choice' },
        { line: 12, message: 'MH: attributes.1.default: must be a number for a number attribute' },
        { line: 15, message: 'ep: code: EP is listed twice (see line 4)' },
        { line: 16, message: 'codes.3.code: code is required' },
        { line: 16, message: 'codes.3.kind: must be point, line or polygon' },
      ],
    });
  });

  it('says where a file stops being JSON, and what a file without codes lacks', () => {
    const r = importCodeListJson('{\n  "name": "Crew",\n  "codes": [\n    { "code": "EP", }\n  ]\n}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([{ line: 4, message: expect.stringMatching(/^The file is not valid JSON: /) }]);
    expect(importCodeListJson('{ "name": "Crew", "codes": [], "extra": 1 }')).toEqual({ ok: false, errors: [{ line: 1, message: 'Unrecognized key: "extra"' }] });
    expect(importCodeListJson('[1, 2]')).toEqual({ ok: false, errors: [{ line: 1, message: 'Invalid input: expected object, received array' }] });
  });
});
