import { useEffect, useMemo, useRef } from 'react';
import type { AlertSettings } from '@smi/contracts';
import { beep, unlockAudioOnGesture, vibrate } from '../../../lib/alert-signal';
import { qualityAlerts, type QualityAlert, type RoverQuality } from '../rules/quality';

export interface SignalSink {
  beep: () => unknown;
  vibrate: () => unknown;
}
const BROWSER: SignalSink = { beep, vibrate };

/**
 * The alerts of each rover now (shown by the quality bar for as long as they hold), and, the moment one starts, a
 * beep and a vibration as the project's settings allow. "Lost fixed" needs the rover to have been fixed since the map
 * opened: a rover that never was is shown by its fix colour, not alarmed about.
 */
export function useQualityAlerts(rovers: { code: string; quality: RoverQuality }[], settings: AlertSettings, sink: SignalSink = BROWSER) {
  const hadFixed = useRef(new Set<string>());
  const before = useRef(new Map<string, QualityAlert[]>());
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  useEffect(() => unlockAudioOnGesture(), []);

  const alerts = useMemo(() => {
    const now = new Map<string, QualityAlert[]>();
    for (const r of rovers) {
      if (r.quality.fixType === 'rtk-fixed') hadFixed.current.add(r.code);
      now.set(r.code, qualityAlerts(r.quality, hadFixed.current.has(r.code)));
    }
    return now;
  }, [rovers]);

  useEffect(() => {
    const started = [...alerts].some(([code, list]) => list.some((a) => !before.current.get(code)?.includes(a)));
    before.current = alerts;
    if (!started) return;
    if (settingsRef.current.Sound) sink.beep();
    if (settingsRef.current.Vibration) sink.vibrate();
  }, [alerts, sink]);

  return alerts;
}
