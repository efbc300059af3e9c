import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { Table } from '../../../components/table';
import { accuracyTone, formatCoordinate } from '../../../lib/format';
import type { Point } from '../api/points';

const localTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleString();
};

const nameOf = (p: Point) => p.Name || 'Unnamed Point';
const accuracy = (p: Point) => (p.Accuracy ? <Badge tone={accuracyTone(p.Accuracy)}>{p.Accuracy}</Badge> : 'N/A');

interface Props {
  points: Point[];
  onModify: (p: Point) => void;
  onDelete: (p: Point) => void;
}

/**
 * The taken points: name, position, accuracy (N/A when missing), section ('default' when missing), local time.
 * On a phone the point cell carries the position, section and accuracy under the name instead of own columns.
 */
export function PointsTable({ points, onModify, onDelete }: Props) {
  return (
    <Table<Point>
      caption="Taken points"
      rows={points}
      rowKey={(p) => p._id}
      empty="No points recorded yet. Record some on the survey map."
      columns={[
        {
          header: 'Point',
          cell: (p) => (
            <>
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{nameOf(p)}</span>
              <span className="mt-1 block text-xs tabular-nums text-slate-500 sm:hidden">
                {formatCoordinate(p.Latitude)}, {formatCoordinate(p.Longitude)}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500 sm:hidden">
                {p.Section || 'default'} · {accuracy(p)}
              </span>
            </>
          ),
        },
        { header: 'Latitude', cell: (p) => formatCoordinate(p.Latitude), className: 'tabular-nums', hideOnPhone: true },
        { header: 'Longitude', cell: (p) => formatCoordinate(p.Longitude), className: 'tabular-nums', hideOnPhone: true },
        { header: 'Accuracy', cell: accuracy, hideOnPhone: true },
        { header: 'Section', cell: (p) => p.Section || 'default', hideOnPhone: true },
        { header: 'Timestamp', cell: (p) => localTime(p.Timestamp), hideOnPhone: true, className: 'whitespace-nowrap' },
        {
          header: 'Actions',
          className: 'w-28 text-right',
          cell: (p) => (
            <div className="flex justify-end gap-1">
              <button type="button" className="icon-btn" onClick={() => onModify(p)} aria-label={`Modify point ${nameOf(p)}`} title="Modify">
                <Pencil aria-hidden="true" className="h-5 w-5" />
              </button>
              <button
                type="button"
                className="icon-btn hover:bg-red-50 hover:text-red-700"
                onClick={() => onDelete(p)}
                aria-label={`Delete point ${nameOf(p)}`}
                title="Delete"
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
