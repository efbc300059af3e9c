import type { CodeList, ControlAction } from '@smi/contracts';
import { setArcBulges } from './arcs.js';
import { compileCodeList, type CompiledCodeList } from './compile.js';
import type { LineFeature, Linework, Shot, ShotProblem, Vertex } from './geometry.js';
import { joinTargets } from './join-targets.js';
import { inLineOrder, type LineOrders } from './line-order.js';
import { parseCodeString, type ParsedCode } from './parse.js';

interface Open {
  feature: LineFeature;
  label: string;
  /** vertex index where the open arc started, -1 for none */
  arcFrom: number;
}

type Ending = 'close' | 'end' | 'restart' | 'last-shot';

/** What one line code of a code string does, worked out once per distinct string. */
interface Step {
  c: ParsedCode;
  /** the open line it continues: code and string number */
  key: string;
  label: string;
  /** the line's name for its stored order (decision 075): 'EP1' */
  name: string;
  start: boolean;
  end: boolean;
  close: boolean;
  arcStart: boolean;
  arcEnd: boolean;
}

/** The steps of a code string (point codes draw no line), or why it cannot be read. */
function plan(code: string, list: CompiledCodeList): Step[] | string {
  const parsed = parseCodeString(code, list);
  if (!parsed.ok) return parsed.error;
  return parsed.codes
    .filter((c) => c.code.kind !== 'point')
    .map((c) => {
      const has = (a: ControlAction) => c.actions.includes(a);
      const label = c.code.code + c.string;
      return { c, key: `${c.code.code.toUpperCase()}/${c.string}`, label, name: label.toUpperCase(), start: has('start'), end: has('end'), close: has('close'), arcStart: has('arcStart'), arcEnd: has('arcEnd') };
    });
}

/**
 * Lines and polygons of a project's coded shots, taken in the order given (the order they were measured); uncoded
 * shots only serve as join targets. A line with an order of its own (`orders`, decision 075) takes its points in
 * that order, after the lines without one. Pure and whole: after a recode, rename or delete, call it again.
 */
export function buildLinework(shots: readonly Shot[], list: CodeList | CompiledCodeList, orders?: LineOrders): Linework {
  const compiled = compileCodeList(list);
  const words = compiled.list.controlCodes;
  // shots repeat a few code strings: each is read once per build
  const plans = new Map<string, Step[] | string>();
  const built: LineFeature[] = [];
  const dropped = new Set<LineFeature>();
  const open = new Map<string, Open>();
  const problems: ShotProblem[] = [];
  let targets: ReturnType<typeof joinTargets> | undefined;
  let shot: Shot = shots[0]!;
  const problem = (message: string) => problems.push({ pointId: shot.id, pointName: shot.name, message });
  const vertex = (s: Shot): Vertex => ({ pointId: s.id, e: s.e, n: s.n, h: s.h, bulge: 0 });
  const feature = (c: ParsedCode, key: string, join: boolean, vertices: Vertex[]): LineFeature => {
    const { code, kind, layer, colour, threeD } = c.code;
    const f: LineFeature = { key, code, string: c.string, kind, layer, colour, threeD, closed: false, join, vertices };
    built.push(f);
    return f;
  };

  const endArc = (o: Open, at: number, explicit: boolean) => {
    if (explicit && at - o.arcFrom < 2) problem(`${o.label}: an arc needs a point between "${words.arcStart}" and "${words.arcEnd}"`);
    setArcBulges(o.feature.vertices, o.arcFrom, at);
    o.arcFrom = -1;
  };
  const finish = (o: Open, ending: Ending) => {
    const v = o.feature.vertices;
    if (o.arcFrom >= 0) endArc(o, v.length - 1, false);
    if (ending === 'close' || o.feature.kind === 'polygon') {
      if (v.length >= 3) o.feature.closed = true;
      else if (ending !== 'last-shot') problem(`${o.label} has ${v.length} point${v.length === 1 ? '' : 's'}: a closed figure needs 3`);
    }
    if (v.length < 2) dropped.add(o.feature);
  };

  const apply = (step: Step, at: number) => {
    const { c, key, label } = step;
    let o = open.get(key);
    if (o && step.start) {
      finish(o, 'restart');
      o = undefined;
    }
    if (!o && !step.start && (step.end || step.close)) {
      problem(`${label}: "${step.end ? words.end : words.close}" but no ${label} line is open`);
    } else {
      o ??= { feature: feature(c, `${shot.id}/${label}`, false, []), label, arcFrom: -1 };
      open.set(key, o);
      const index = o.feature.vertices.push(vertex(shot)) - 1;
      if (step.arcEnd) {
        if (o.arcFrom < 0) problem(`${label}: "${words.arcEnd}" but no arc is open`);
        else endArc(o, index, true);
      }
      if (step.arcStart) {
        if (o.arcFrom >= 0) endArc(o, index, false);
        o.arcFrom = index;
      }
      if (step.end || step.close) {
        finish(o, step.close ? 'close' : 'end');
        open.delete(key);
      }
    }
    for (const name of c.joins) {
      targets ??= joinTargets(shots);
      const target = targets.find(name, at);
      if (target === at) problem(`${label} cannot join its own point "${name}"`);
      else if (target < 0) problem(`${label}: no point named "${name}" to join`);
      else feature(c, `${shot.id}>${shots[target]!.id}/${label}`, true, [vertex(shot), vertex(shots[target]!)]);
    }
  };

  // the steps of lines with an order of their own, kept until the measured pass is done
  const reordered = new Map<string, { step: Step; at: number }[]>();
  for (let i = 0; i < shots.length; i++) {
    shot = shots[i]!;
    if (!shot.code) continue;
    let p = plans.get(shot.code);
    if (!p) plans.set(shot.code, (p = plan(shot.code, compiled)));
    if (typeof p === 'string') {
      problem(p);
      continue;
    }
    for (const step of p) {
      if (orders?.get(step.name)?.length) {
        const steps = reordered.get(step.name) ?? [];
        reordered.set(step.name, steps);
        steps.push({ step, at: i });
      } else apply(step, i);
    }
  }
  // start, end and close keep their places in the line (the first point starts it, the last closes it, a break stays
  // after the same number of points); arc codes and joins go with their points (decision 075)
  for (const [name, steps] of reordered) {
    inLineOrder(steps, (s) => shots[s.at]!.id, orders!.get(name)).forEach(({ step, at }, k) => {
      const place = steps[k]!.step;
      shot = shots[at]!;
      apply({ ...step, start: place.start, end: place.end, close: place.close }, at);
    });
  }
  for (const o of open.values()) finish(o, 'last-shot');
  return { lines: dropped.size ? built.filter((f) => !dropped.has(f)) : built, problems };
}
