import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { BaseView, RoverView } from '../survey-model';
import { StatusBox } from './status-box';

const rover = (code: string, live: boolean, fixAgeMs: number | null): RoverView => ({
  id: code,
  code,
  name: `Rover ${code}`,
  status: 'online',
  battery: null,
  signal: null,
  position: { latitude: 6.6, longitude: 79.9 },
  rawPosition: null,
  live,
  fix: null,
  fixAgeMs,
  accuracyMetres: null,
  phoneOffline: false,
});
const base = (live: boolean, fixAgeMs: number | null): BaseView => ({
  broadcast: null,
  knownHeight: null,
  code: 'B1',
  name: 'Base',
  status: 'online',
  position: { latitude: 6.6, longitude: 79.9 },
  livePosition: null,
  live,
  fixAgeMs,
  readingTimes: [], phoneOffline: false,
});

describe('the status box', () => {
  it('counts only rovers with a fresh fix, names the stale ones with their age, and is not green then', () => {
    render(<StatusBox feedText="Connected ✅" feedConnected rovers={[rover('A', true, 200), rover('B', false, 41_000)]} base={base(false, 65_000)} />);
    expect(screen.getByTestId('rovers-reporting')).toHaveTextContent('1 of 2 rovers reporting');
    expect(screen.getByText('Rover B: no fix for 41 s')).toBeInTheDocument();
    expect(screen.getByTestId('base-stale')).toHaveTextContent('Base: no fix for 1 min');
    expect(screen.getByTestId('feed-status')).toHaveClass('text-amber-700');
  });

  it('is green only when connected and every rover has a fresh fix', () => {
    render(<StatusBox feedText="Connected ✅" feedConnected rovers={[rover('A', true, 200)]} base={base(true, 100)} />);
    expect(screen.getByTestId('feed-status')).toHaveClass('text-emerald-700');
    expect(screen.queryByTestId('base-stale')).not.toBeInTheDocument();
  });

  it("keeps the status text with its mark, but draws the mark as an icon (no emoji font needed)", () => {
    render(<StatusBox feedText="Disconnected ❌" feedConnected={false} rovers={[]} base={base(true, 0)} />);
    const status = screen.getByTestId('feed-status');
    expect(status).toHaveTextContent('Disconnected ❌');
    expect(screen.getByText('❌')).toHaveClass('sr-only');
    expect(status.querySelector('svg[data-testid="feed-status-icon"]')).not.toBeNull();
  });
});

describe('the status box with the base\'s RTCM', () => {
  const props = { feedText: 'Connected ✅', feedConnected: true, rovers: [rover('R1', true, 100)], base: base(true, 100) };

  it('shows the age of the base\'s corrections and whether it broadcasts its position', () => {
    const rtcm = { CorrectionAgeS: 1.26, Position: { MessageType: 1005 } } as never;
    render(<StatusBox {...props} rtcm={rtcm} />);
    expect(screen.getByTestId('base-rtcm').textContent).toBe('Corrections 1.3 s old · position broadcast (1005)');
  });

  it("flags known-base points corrected from the base's NMEA position, and names the broadcast rule otherwise", () => {
    const { rerender } = render(<StatusBox {...props} knownCorrection="base-nmea" />);
    expect(screen.getByTestId('known-correction')).toHaveTextContent("Corrected from the base's NMEA position");
    expect(screen.getByTestId('known-correction')).toHaveClass('text-amber-700');
    rerender(<StatusBox {...props} knownCorrection="broadcast" />);
    expect(screen.getByTestId('known-correction')).toHaveTextContent('corrected from the position the base broadcasts (RTCM 1005/1006)');
    rerender(<StatusBox {...props} knownCorrection={null} />);
    expect(screen.queryByTestId('known-correction')).not.toBeInTheDocument();
  });

  it('shows nothing of RTCM for a base that sent none', () => {
    render(<StatusBox {...props} rtcm={null} />);
    expect(screen.queryByTestId('base-rtcm')).not.toBeInTheDocument();
  });
});

describe('the status box when this phone is offline', () => {
  it('says the phone is offline and blames no rover: no stale list, no count, the base not called online', () => {
    render(<StatusBox feedText="Disconnected ❌" feedConnected={false} rovers={[rover('A', false, 12_000)]} base={{ ...base(false, 12_000), status: null }} />);
    expect(screen.getByTestId('phone-offline')).toHaveTextContent('This phone is offline');
    expect(screen.getByTestId('rovers-reporting')).toHaveTextContent('Rovers not known: this phone is offline');
    expect(screen.queryByText(/no fix for/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('base-stale')).not.toBeInTheDocument();
    expect(screen.getByTestId('status-box')).not.toHaveTextContent('online');
    expect(screen.getByTestId('status-box')).toHaveTextContent('Base Statusunknown');
  });
});

describe('the status box on a phone', () => {
  it('starts folded to one line with the status, the rovers reporting and the base status, and a tap opens it', async () => {
    render(<StatusBox feedText="Connected ✅" feedConnected rovers={[rover('A', true, 200), rover('B', false, 41_000)]} base={base(true, 100)} foldable />);
    expect(screen.getByTestId('status-folded')).toHaveTextContent('1 of 2 reporting');
    expect(screen.getByTestId('status-folded')).toHaveTextContent('Base Status');
    expect(screen.getByTestId('feed-status')).toHaveTextContent('Connected ✅');
    expect(screen.getByTestId('rovers-reporting')).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Show status details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('rovers-reporting')).toBeVisible();
    expect(screen.getByText('Rover B: no fix for 41 s')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide status details' })).toHaveAttribute('aria-expanded', 'true');
  });
});
