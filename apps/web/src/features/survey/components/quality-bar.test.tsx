import { describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import type { LiveReading } from '@smi/contracts';
import { testReading } from '@smi/contracts/testing';
import { useQualityAlerts } from '../hooks/use-quality-alerts';
import { correctionAgeTone, roverQuality, type RoverQuality } from '../rules/quality';
import { QualityBar } from './quality-bar';

const base = { latitude: 6.9, longitude: 79.8 };
const reading = (over: Partial<LiveReading> = {}): LiveReading =>
  testReading('R-1', { latitude: 6.9009, longitude: 79.8, fixType: 'rtk-fixed', satellites: 23, pdop: 1.27, accuracy: 0.0123, verticalAccuracy: 0.0187, correctionAge: 1.2, ...over });

describe('the correction age colour', () => {
  it('is green under 2 s, amber from 2 s and under 5 s, red from 5 s, grey when unknown', () => {
    expect([0, 1.99, 2, 4.99, 5, 30].map(correctionAgeTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
    expect(correctionAgeTone(null)).toBe('grey');
  });
});

describe('the live quality bar', () => {
  it('shows the fix coloured, satellites, PDOP, sigma H/V from GST, the correction age and the baseline to the base', () => {
    const q = roverQuality(reading(), true, base);
    render(<QualityBar rows={[{ code: 'R-1', name: 'Rover One', quality: q, alerts: [] }]} unit="CM" />);
    expect(screen.getByTestId('quality-fix')).toHaveTextContent('RTK fixed');
    expect(screen.getByTestId('quality-fix')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByTestId('quality-sats')).toHaveTextContent('23');
    expect(screen.getByTestId('quality-pdop')).toHaveTextContent('1.3');
    expect(screen.getByTestId('quality-sigma-h')).toHaveTextContent('1.2 cm');
    expect(screen.getByTestId('quality-sigma-v')).toHaveTextContent('1.9 cm');
    expect(screen.getByTestId('quality-age')).toHaveTextContent('1.2 s');
    expect(screen.getByTestId('quality-age')).toHaveAttribute('data-tone', 'green');
    // 0.0009 degrees of latitude is about 100 m
    expect(screen.getByTestId('quality-baseline')).toHaveTextContent('100 m');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('colours an ageing correction amber and a stale one red, float amber, and shows a stale fix as no fix', () => {
    const { rerender } = render(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: roverQuality(reading({ correctionAge: 2 }), true, base), alerts: [] }]} unit="CM" />);
    expect(screen.getByTestId('quality-age')).toHaveAttribute('data-tone', 'yellow');
    rerender(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: roverQuality(reading({ correctionAge: 5, fixType: 'rtk-float' }), true, base), alerts: [] }]} unit="CM" />);
    expect(screen.getByTestId('quality-age')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByTestId('quality-fix')).toHaveAttribute('data-tone', 'yellow');
    rerender(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: roverQuality(reading(), false, base), alerts: [] }]} unit="CM" />);
    expect(screen.getByTestId('quality-fix')).toHaveTextContent('No fix');
    expect(screen.getByTestId('quality-age')).toHaveTextContent('–');
  });

  it('shows what is missing as a dash, never a zero', () => {
    const q = roverQuality(reading({ pdop: 'N/A', correctionAge: 'N/A', accuracy: 'N/A', verticalAccuracy: 'N/A' }), true, null);
    render(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: q, alerts: [] }]} unit="CM" />);
    for (const id of ['quality-pdop', 'quality-sigma-h', 'quality-sigma-v', 'quality-age', 'quality-baseline']) expect(screen.getByTestId(id)).toHaveTextContent('–');
  });
});

describe('the loss-of-fix alert', () => {
  const fixed = roverQuality(reading(), true, base);
  const float = roverQuality(reading({ fixType: 'rtk-float' }), true, base);
  const stale = roverQuality(reading({ correctionAge: 6.5 }), true, base);
  const single = roverQuality(reading({ fixType: 'single', correctionAge: 'N/A' }), true, base);
  const hook = (first: RoverQuality, sound = true, vibration = true) => {
    const sink = { beep: vi.fn(), vibrate: vi.fn() };
    const view = renderHook(({ q }) => useQualityAlerts([{ code: 'R-1', quality: q }], { Sound: sound, Vibration: vibration }, sink), { initialProps: { q: first } });
    return { sink, view };
  };

  it('beeps and vibrates once when a fixed rover drops to float, and holds the alert while it lasts', () => {
    const { sink, view } = hook(fixed);
    expect(view.result.current.get('R-1')).toEqual([]);
    view.rerender({ q: float });
    expect(view.result.current.get('R-1')).toEqual(['lost-fixed']);
    view.rerender({ q: { ...float } });
    expect(sink.beep).toHaveBeenCalledOnce();
    expect(sink.vibrate).toHaveBeenCalledOnce();
    view.rerender({ q: fixed });
    expect(view.result.current.get('R-1')).toEqual([]);
  });

  it('alerts on stale corrections (5 s or older) even while fixed', () => {
    const { sink, view } = hook(fixed);
    view.rerender({ q: stale });
    expect(view.result.current.get('R-1')).toEqual(['stale-corrections']);
    expect(sink.beep).toHaveBeenCalledOnce();
  });

  it('does not alarm about a rover that was never fixed, and keeps quiet or still as the project says', () => {
    const never = hook(single);
    expect(never.view.result.current.get('R-1')).toEqual([]);
    expect(never.sink.beep).not.toHaveBeenCalled();
    const muted = hook(fixed, false, true);
    muted.view.rerender({ q: float });
    expect(muted.sink.beep).not.toHaveBeenCalled();
    expect(muted.sink.vibrate).toHaveBeenCalledOnce();
  });

  it('writes the alert on the bar', () => {
    render(<QualityBar rows={[{ code: 'R-1', name: 'Rover One', quality: float, alerts: ['lost-fixed'] }]} unit="CM" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Rover One lost RTK fixed: now RTK float');
  });
});

describe('the live quality bar when the fix is not live', () => {
  it('a stale rover: the pill says so with its age, the last figures are greyed, never shown as live', () => {
    const q = roverQuality(reading(), false, base);
    render(<QualityBar rows={[{ code: 'R-1', name: 'Rover One', quality: q, alerts: [], state: { kind: 'stale', ageMs: 12_400 } }]} unit="CM" />);
    expect(screen.getByTestId('quality-fix')).toHaveTextContent('Stale: no fix for 12 s');
    expect(screen.getByTestId('quality-fix')).toHaveAttribute('data-tone', 'grey');
    expect(screen.getByTestId('quality-old')).toHaveTextContent('last fix 12 s ago:');
    for (const id of ['quality-sats', 'quality-pdop', 'quality-sigma-h', 'quality-sigma-v']) {
      expect(screen.getByTestId(id)).toHaveAttribute('data-old', 'true');
      expect(screen.getByTestId(id)).toHaveClass('text-slate-500');
    }
    expect(screen.getByTestId('quality-age')).toHaveTextContent('–');
  });

  it('this phone offline: the pill says so, in red', () => {
    render(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: roverQuality(reading(), false, base), alerts: [], state: { kind: 'offline' } }]} unit="CM" />);
    expect(screen.getByTestId('quality-fix')).toHaveTextContent('This phone is offline');
    expect(screen.getByTestId('quality-fix')).toHaveAttribute('data-tone', 'red');
  });

  it('a sigma over a metre keeps its centimetres', () => {
    render(<QualityBar rows={[{ code: 'R-1', name: 'R', quality: roverQuality(reading({ accuracy: 1.234 }), true, base), alerts: [] }]} unit="CM" />);
    expect(screen.getByTestId('quality-sigma-h')).toHaveTextContent('1.23 m');
  });
});
