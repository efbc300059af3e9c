import { describe, expect, it } from 'vitest';
import { buildLinework } from './linework.js';
import { editLineOnShot } from './line-edit.js';
import { ids, LIST, shot } from './testing/fixtures.js';

const edit = (code: string, line: string, e: Parameters<typeof editLineOnShot>[3]) => editLineOnShot(code, LIST, line, e);

describe('editing a line at one of its points', () => {
  it('breaks, closes, starts and continues by the control code on the point, keeping the other codes', () => {
    expect(edit('EP1 FE', 'EP1', 'break')).toEqual({ ok: true, code: 'EP1 END FE' });
    expect(edit('ep01 PC', 'EP1', 'close')).toEqual({ ok: true, code: 'EP1 CLO PC' });
    expect(edit('EP1 END PT', 'ep1', 'start')).toEqual({ ok: true, code: 'EP1 ST PT' });
    expect(edit('EP1 CLO', 'EP1', 'continue')).toEqual({ ok: true, code: 'EP1' });
    expect(edit('FE JPN CP7 EP1 ST', 'FE', 'break')).toEqual({ ok: true, code: 'FE END JPN CP7 EP1 ST' });
  });

  it('removes the point from one line only; the last code removed leaves an uncoded point', () => {
    expect(edit('EP1 ST FE JPN CP7', 'EP1', 'remove')).toEqual({ ok: true, code: 'FE JPN CP7' });
    expect(edit('EP1 ST FE JPN CP7', 'FE', 'remove')).toEqual({ ok: true, code: 'EP1 ST' });
    expect(edit('EP1', 'EP1', 'remove')).toEqual({ ok: true, code: '' });
  });

  it('names what it cannot do: a line the point is not on, a point code, a code the list lacks', () => {
    expect(edit('EP1', 'EP2', 'break')).toEqual({ ok: false, error: 'The point is not on EP2' });
    expect(edit('EP1', 'NOPE', 'break')).toEqual({ ok: false, error: '"NOPE" is not a code of the list' });
    expect(edit('EP1', 'EP1 ST', 'break')).toEqual({ ok: false, error: '"EP1 ST" is not a code of the list' });
    expect(edit('TREE', 'TREE', 'close')).toEqual({ ok: false, error: 'TREE is a point code: it draws no line' });
    expect(edit('NOPE', 'EP1', 'break')).toMatchObject({ ok: false, error: 'Unknown code "NOPE"' });
  });

  it('a break at the third of five shots gives two lines; continue there joins them again', () => {
    const codes = ['EP', 'EP', 'EP', 'EP', 'EP'];
    const at = (c: string[]) => ids(buildLinework(c.map((code, i) => shot(String(i + 1), code, i * 10, 0)), LIST).lines);
    const broken = [...codes];
    broken[2] = (edit('EP', 'EP', 'break') as { code: string }).code;
    expect(at(broken)).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
    ]);
    const joined = [...broken];
    joined[2] = (edit(broken[2]!, 'EP', 'continue') as { code: string }).code;
    expect(at(joined)).toEqual([['1', '2', '3', '4', '5']]);
    const without = [...codes];
    without[1] = (edit('EP', 'EP', 'remove') as { code: string }).code;
    expect(at(without)).toEqual([['1', '3', '4', '5']]);
  });
});
