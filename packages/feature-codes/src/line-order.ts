import type { CodeList } from '@smi/contracts';
import { compileCodeList, type CompiledCodeList } from './compile.js';
import { parseCodeString } from './parse.js';

/**
 * The order of a line's points when a surveyor has changed it (decision 075). A line is named by its code and string
 * number in upper case ('EP1'); its order lists point ids. The points it names come first, in its order; the line's
 * other points (measured since, or put on the line by a recode) follow in measured order. A named point that left the
 * line (deleted, recoded) is passed over. Control codes travel with their points: a start, end or close acts where
 * its point now stands.
 */
export type LineOrders = ReadonlyMap<string, readonly string[]>;

/** The items in a line's order: `order`'s points first in its order, then the rest in the order given. */
export function inLineOrder<T>(items: readonly T[], idOf: (item: T) => string, order: readonly string[] | undefined): T[] {
  if (!order?.length) return [...items];
  const rank = new Map(order.map((id, i) => [id, i]));
  const named = items.filter((t) => rank.has(idOf(t)));
  named.sort((a, b) => rank.get(idOf(a))! - rank.get(idOf(b))!);
  return [...named, ...items.filter((t) => !rank.has(idOf(t)))];
}

/** The name a line is kept under, from a code typed as a line ('ep01' -> 'EP1'); null when it is not a line of the list. */
export function lineName(line: string, list: CodeList | CompiledCodeList): string | null {
  const parsed = parseCodeString(line, list);
  if (!parsed.ok || parsed.codes.length !== 1) return null;
  const c = parsed.codes[0]!;
  if (c.actions.length || c.joins.length || c.code.kind === 'point') return null;
  return (c.code.code + c.string).toUpperCase();
}

/** A point as the order of a line needs it: measured order is the order of the array. */
export interface OrderedShot {
  id: string;
  name: string;
  code: string;
}

/** The points of the line `name` (from lineName) in the order the linework draws them. */
export function lineSequence<T extends OrderedShot>(shots: readonly T[], list: CodeList | CompiledCodeList, name: string, order: readonly string[] | undefined): T[] {
  const c = compileCodeList(list);
  const on = shots.filter((s) => {
    if (!s.code) return false;
    const parsed = parseCodeString(s.code, c);
    return parsed.ok && parsed.codes.some((p) => (p.code.code + p.string).toUpperCase() === name);
  });
  return inLineOrder(on, (s) => s.id, order);
}

export type LineMove = 'earlier' | 'later';

/**
 * The line's new order after moving one of its points one place earlier or later (it swaps with its neighbour),
 * or why it cannot move.
 */
export function movedOnLine(sequence: readonly OrderedShot[], pointId: string, move: LineMove, name: string): { ok: true; order: string[] } | { ok: false; error: string } {
  const at = sequence.findIndex((s) => s.id === pointId);
  if (at < 0) return { ok: false, error: `The point is not on ${name}` };
  const to = move === 'earlier' ? at - 1 : at + 1;
  const label = sequence[at]!.name || 'The point';
  if (to < 0) return { ok: false, error: `${label} is already the first point of ${name}` };
  if (to >= sequence.length) return { ok: false, error: `${label} is already the last point of ${name}` };
  const order = sequence.map((s) => s.id);
  [order[at], order[to]] = [order[to]!, order[at]!];
  return { ok: true, order };
}
