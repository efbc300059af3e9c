import { Battery, BatteryFull, BatteryLow, BatteryMedium, Signal, SignalHigh, SignalLow, SignalMedium } from 'lucide-react';
import { levelTone, levelWord, percent } from '../../../lib/format';
import { toneText } from '../../../lib/tone';

const ICONS = {
  battery: { green: BatteryFull, yellow: BatteryMedium, red: BatteryLow, grey: Battery },
  signal: { green: Signal, yellow: SignalHigh, red: SignalLow, grey: SignalMedium },
} as const;

/** Battery or signal: icon coloured by the 75 / 25 bands, the percentage, and the band in words for screen readers. */
export function LevelIcon({ kind, value }: { kind: 'battery' | 'signal'; value: number | null | undefined }) {
  const tone = levelTone(value) as 'green' | 'yellow' | 'red' | 'grey';
  const Icon = ICONS[kind][tone];
  return (
    <span className={`inline-flex items-center gap-1.5 ${toneText[tone]}`}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="text-sm font-medium tabular-nums">{percent(value)}</span>
      {value !== null && value !== undefined && <span className="sr-only">({levelWord(value)})</span>}
    </span>
  );
}
