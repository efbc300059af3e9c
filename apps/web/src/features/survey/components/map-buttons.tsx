import { List, LocateFixed, MapPinPlus, Undo2 } from 'lucide-react';
import { usePressAndHold } from '../hooks/use-press-and-hold';

interface Props {
  onFilter: () => void;
  /** absent: the user may not discard the last point, and no button is drawn */
  onReverse?: () => void;
  /** absent: the user may not record (a viewer), and no Record button is drawn */
  onRecord?: () => void;
  onHoldRecord: () => void;
  recording: boolean;
  /** A point is being measured on the server: the button spins but still opens the dialog on its progress. */
  measuring?: boolean;
  onRecentre?: () => void;
}

const noop = () => {};

const ROUND = 'flex h-14 w-14 items-center justify-center rounded-full shadow-lg ring-1 ring-black/5 transition active:scale-95 disabled:cursor-wait';

/** The round buttons at the bottom right: the points list (the spec's filter), reverse (discard the last), add location. */
export function MapButtons({ onFilter, onReverse, onRecord, onHoldRecord, recording, measuring = false, onRecentre }: Props) {
  const press = usePressAndHold(onRecord ?? noop, onHoldRecord);
  return (
    <div className="pointer-events-auto flex flex-col items-center gap-3">
      {onRecentre && (
        <button type="button" className={`${ROUND} h-11 w-11 bg-white text-slate-700 hover:bg-slate-50`} onClick={onRecentre} aria-label="Follow the rovers" title="Follow the rovers">
          <LocateFixed aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
      {/* the spec's "filter" button opens the taken-points list: it is named and drawn for what it does */}
      <button type="button" className={`${ROUND} bg-white text-slate-700 hover:bg-slate-50`} onClick={onFilter} aria-label="Points list" title="Points list">
        <List aria-hidden="true" className="h-6 w-6" />
      </button>
      {onReverse && (
        <button type="button" className={`${ROUND} bg-white text-slate-700 hover:bg-slate-50`} onClick={onReverse} aria-label="Discard last point" title="Discard last point">
          <Undo2 aria-hidden="true" className="h-6 w-6" />
        </button>
      )}
      {onRecord && (
        <button
          type="button"
          className={`${ROUND} h-16 w-16 touch-none select-none bg-blue-600 text-white hover:bg-blue-700`}
          aria-label="Record a point"
          title={measuring ? 'Measuring a point (tap to see its progress)' : 'Record a point (hold to save at once)'}
          disabled={recording}
          aria-busy={recording}
          {...press}
        >
          {recording || measuring ? (
            <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          ) : (
            <MapPinPlus aria-hidden="true" className="h-7 w-7" />
          )}
        </button>
      )}
    </div>
  );
}
