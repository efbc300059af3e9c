import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';

export const AUTO_SAVE_TIMEOUT_MS = 1500;
export const AUTO_SAVE_TIMEOUT_MESSAGE = 'No sensor data - point not recorded';

export type AutoSavePhase = 'idle' | 'waiting' | 'saving';

/**
 * Press-and-hold recording: once started it records as soon as `draft` exists (a sensor fix and a corrected
 * position); if none comes within 1.5 s it reports 'No sensor data - point not recorded' and stops.
 */
export function useAutoSave<D>(draft: D | null, save: (draft: D) => Promise<unknown>, timeoutMs = AUTO_SAVE_TIMEOUT_MS) {
  const [phase, setPhase] = useState<AutoSavePhase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);

  useEffect(() => {
    if (phase !== 'waiting' || draft === null) return;
    clear();
    setPhase('saving');
    saveRef
      .current(draft)
      .catch(() => {}) // the saver reports its own failure
      .finally(() => setPhase('idle'));
  }, [phase, draft]);

  const start = () => {
    if (phaseRef.current !== 'idle') return;
    phaseRef.current = 'waiting';
    setPhase('waiting');
    timer.current = setTimeout(() => {
      timer.current = null;
      if (phaseRef.current !== 'waiting') return;
      toast.error(AUTO_SAVE_TIMEOUT_MESSAGE, { toastId: AUTO_SAVE_TIMEOUT_MESSAGE });
      setPhase('idle');
    }, timeoutMs);
  };

  return { phase, busy: phase !== 'idle', start };
}
