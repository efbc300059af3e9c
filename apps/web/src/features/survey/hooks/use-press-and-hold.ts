import { useEffect, useRef, type PointerEvent } from 'react';

export const LONG_PRESS_MS = 600;

/**
 * A tap does `onTap`; on a touch screen, holding for 600 ms does `onHold` instead (and the click that follows the
 * release is swallowed). A mouse or a keyboard always taps.
 */
export function usePressAndHold(onTap: () => void, onHold: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const held = useRef(false);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);

  return {
    onPointerDown: (e: PointerEvent) => {
      held.current = false;
      if (e.pointerType !== 'touch') return;
      stop();
      timer.current = setTimeout(() => {
        timer.current = null;
        held.current = true;
        onHold();
      }, ms);
    },
    onPointerUp: stop,
    onPointerCancel: stop,
    onPointerLeave: stop,
    onClick: () => {
      if (held.current) {
        held.current = false;
        return;
      }
      onTap();
    },
    // a long press must not open the phone's context menu over the map
    onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
  };
}
