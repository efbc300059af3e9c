import { Pencil, Trash2 } from 'lucide-react';
import { designEndpoints, type DesignLineView, type DesignPointView } from '@smi/contracts';
import { Table } from '../../../components/table';
import type { Can } from '../../../lib/can';
import { unitSymbol } from '../../../lib/grid';
import { signedDelta, type StakedSummary } from './targets';


/** A coordinate in the project's unit to the millimetre (or the thousandth of a foot). */
const coord = (v: number) => v.toFixed(3);
const elevationText = (v: number | null) => (v === null ? '–' : coord(v));

/** The points whose name, code or layer holds the search text (any case), in the list's order. */
export function searchDesign<T extends { name: string; code: string; layer: string }>(list: readonly T[], search: string): T[] {
  const s = search.trim().toLowerCase();
  if (!s) return [...list];
  return list.filter((p) => p.name.toLowerCase().includes(s) || p.code.toLowerCase().includes(s) || p.layer.toLowerCase().includes(s));
}

const lineName = (l: DesignLineView, i: number) => l.name || `Line ${i + 1}`;

function Staked({ p, s }: { p: DesignPointView; s: StakedSummary | undefined }) {
  if (!s) return <span className="text-slate-500">not staked</span>;
  return (
    <span className={s.last.inTolerance === false ? 'text-red-700' : 'text-emerald-700'} data-testid={`design-staked-${p.name}`}>
      staked {s.count}× · last dN {signedDelta(s.last.dN)} dE {signedDelta(s.last.dE)} dZ {signedDelta(s.last.dH)}
    </span>
  );
}

interface PointsProps {
  points: DesignPointView[];
  unit: string;
  staked: ReadonlyMap<string, StakedSummary>;
  onEdit: (p: DesignPointView) => void;
  onDelete: (p: DesignPointView) => void;
  /** Edit and Delete are drawn only for a role that may manage the project's design (the routes' permission). */
  can: Can;
  empty: string;
}

/** The project's design points: on a phone the name carries the coordinates, code and stakes under it. */
export function DesignPointsTable({ points, unit, staked, onEdit, onDelete, can, empty }: PointsProps) {
  const u = unitSymbol(unit);
  const editable = can(designEndpoints.updateDesignPoint);
  const deletable = can(designEndpoints.deleteDesignPoint);
  return (
    <Table<DesignPointView>
      caption="Design points"
      dense
      rows={points}
      rowKey={(p) => p.id}
      empty={empty}
      columns={[
        {
          header: 'Point',
          className: 'sm:min-w-24',
          cell: (p) => (
            <>
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{p.name}</span>
              <span className="mt-1 block text-xs tabular-nums text-slate-600 sm:hidden" data-testid="design-point-grid">
                E {coord(p.easting)} · N {coord(p.northing)} · Z {elevationText(p.elevation)} {u}
              </span>
              {(p.code || p.layer) && (
                <span className="mt-1 block text-xs text-slate-500 [overflow-wrap:anywhere] sm:hidden">
                  {[p.code, p.layer && `layer ${p.layer}`].filter(Boolean).join(' · ')}
                </span>
              )}
              <span className="mt-1 block text-xs sm:hidden">
                <Staked p={p} s={staked.get(p.id)} /> <span className="text-slate-500">· {p.source}</span>
              </span>
              {/* from sm to 2xl the Layer column is not shown (the table fits beside the sidebar): said here */}
              {p.layer && <span className="mt-1 hidden text-xs text-slate-500 [overflow-wrap:anywhere] sm:block 2xl:hidden">Layer {p.layer}</span>}
            </>
          ),
        },
        { header: `Easting (${u})`, cell: (p) => coord(p.easting), className: 'tabular-nums', hideOnPhone: true },
        { header: `Northing (${u})`, cell: (p) => coord(p.northing), className: 'tabular-nums', hideOnPhone: true },
        { header: `Elevation (${u})`, cell: (p) => elevationText(p.elevation), className: 'tabular-nums', hideOnPhone: true },
        { header: 'Code', cell: (p) => p.code, className: '[overflow-wrap:anywhere]', hideOnPhone: true },
        { header: 'Layer', cell: (p) => p.layer, className: '[overflow-wrap:anywhere]', wideOnly: true },
        { header: 'Source', cell: (p) => p.source, hideOnPhone: true },
        { header: 'Staked', cell: (p) => <Staked p={p} s={staked.get(p.id)} />, className: 'text-xs', hideOnPhone: true },
        ...(editable || deletable
          ? [
              {
                header: 'Actions',
                className: 'w-28 text-right',
                stickyEnd: true,
                cell: (p: DesignPointView) => (
                  <div className="flex justify-end gap-1">
                    {editable && (
                      <button type="button" className="icon-btn" onClick={() => onEdit(p)} aria-label={`Edit design point ${p.name}`} title="Edit">
                        <Pencil aria-hidden="true" className="h-5 w-5" />
                      </button>
                    )}
                    {deletable && (
                      <button type="button" className="icon-btn hover:bg-red-50 hover:text-red-700" onClick={() => onDelete(p)} aria-label={`Delete design point ${p.name}`} title="Delete">
                        <Trash2 aria-hidden="true" className="h-5 w-5" />
                      </button>
                    )}
                  </div>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

interface LinesProps {
  lines: DesignLineView[];
  onDelete: (l: DesignLineView, label: string) => void;
  /** Delete is drawn only for a role that may manage the project's design. */
  can: Can;
}

/** The project's design lines: name, layer, how many vertices, closed or open. */
export function DesignLinesTable({ lines, onDelete, can }: LinesProps) {
  const deletable = can(designEndpoints.deleteDesignLine);
  const indexed = lines.map((l, i) => ({ l, label: lineName(l, i) }));
  return (
    <Table<(typeof indexed)[number]>
      caption="Design lines"
      dense
      rows={indexed}
      rowKey={(r) => r.l.id}
      empty="No design lines."
      columns={[
        {
          header: 'Line',
          cell: ({ l, label }) => (
            <>
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{label}</span>
              {(l.code || l.layer) && <span className="mt-1 block text-xs text-slate-500 [overflow-wrap:anywhere]">{[l.code, l.layer && `layer ${l.layer}`].filter(Boolean).join(' · ')}</span>}
            </>
          ),
        },
        { header: 'Vertices', cell: ({ l }) => <span data-testid="design-line-vertices">{l.vertices.length}</span>, className: 'tabular-nums' },
        { header: 'Closed', cell: ({ l }) => (l.closed ? 'closed' : 'open') },
        { header: 'Source', cell: ({ l }) => l.source, hideOnPhone: true },
        ...(deletable
          ? [
              {
                header: 'Actions',
                className: 'w-16 text-right',
                stickyEnd: true,
                cell: ({ l, label }: (typeof indexed)[number]) => (
                  <div className="flex justify-end">
                    <button type="button" className="icon-btn hover:bg-red-50 hover:text-red-700" onClick={() => onDelete(l, label)} aria-label={`Delete design line ${label}`} title="Delete">
                      <Trash2 aria-hidden="true" className="h-5 w-5" />
                    </button>
                  </div>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
