import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { StakeGuidanceReply } from '@smi/contracts';
import { GuidanceView, length } from './guidance-view';

function reply(o: { distance: number; live?: boolean; within?: boolean; reason?: string | null }): StakeGuidanceReply {
  const within = o.within ?? false;
  return {
    success: true,
    unit: 'metre',
    crs: 'EPSG:32633',
    height: 'ellipsoidal (WGS 84)',
    target: { id: 't', name: 'P3', easting: 0, northing: 0, elevation: 10 },
    fix: { type: o.live === false ? 'rtk-float' : 'rtk-fixed', satellites: 20, correctionAge: 1, age: 0.2, time: null },
    live: o.live ?? true,
    blocked: o.live === false ? 'not-fixed' : null,
    reason: o.reason ?? null,
    rover: { easting: 0, northing: 0, height: 10 },
    speed: null,
    guidance: {
      goNorth: o.distance * 0.6, goEast: o.distance * 0.8, dN: -o.distance * 0.6, dE: -o.distance * 0.8, dH: 0.01, cutFill: { kind: 'cut', amount: 0.01 },
      distance: o.distance, bearing: 53.13, forward: null, right: null, relativeBearing: null, heading: null, headingSource: null,
      proximity: o.distance <= 3 ? 'near' : 'far', within: { horizontal: within, vertical: true, both: within },
    },
    tolerance: { horizontal: 0.02, vertical: 0.03, radius: 3 },
    line: null,
  };
}

describe('the stake-out guidance', () => {
  it('far: an arrow to the bearing with the distance; near: the bullseye; green when reached', () => {
    const { rerender } = render(<GuidanceView g={reply({ distance: 12.5 })} mode="ne" />);
    expect(screen.getByTestId('stake-guidance').dataset.state).toBe('far');
    expect(screen.getByRole('img', { name: 'Go 53 degrees' })).toBeTruthy();
    expect(screen.getByTestId('stake-distance').textContent).toBe('12.500 m');
    expect(screen.getByText('North')).toBeTruthy();
    rerender(<GuidanceView g={reply({ distance: 0.4 })} mode="ne" />);
    expect(screen.getByTestId('stake-guidance').dataset.state).toBe('near');
    expect(screen.getByRole('img', { name: 'Bullseye' })).toBeTruthy();
    expect(screen.getByTestId('stake-distance').textContent).toBe('40.0 cm');
    expect(screen.queryByTestId('bullseye-in-tolerance')).toBeNull();
    rerender(<GuidanceView g={reply({ distance: 0.012, within: true })} mode="ne" />);
    expect(screen.getByTestId('stake-guidance').dataset.state).toBe('reached');
    expect(screen.getByTestId('stake-distance').className).toMatch(/emerald/);
    expect(screen.getByTestId('bullseye-in-tolerance').getAttribute('class')).toMatch(/emerald/);
  });

  it('greyed with the reason when not RTK fixed, never green', () => {
    render(<GuidanceView g={reply({ distance: 0.01, within: true, live: false, reason: 'The rover is not RTK fixed.' })} mode="ne" />);
    expect(screen.getByRole('status').textContent).toBe('The rover is not RTK fixed.');
    expect(screen.getByTestId('stake-guidance').dataset.state).toBe('near');
    expect(screen.getByTestId('stake-guidance').className).toMatch(/opacity-50/);
    expect(screen.queryByTestId('bullseye-in-tolerance')).toBeNull();
  });

  it('shows lengths in cm under a metre, else in the unit', () => {
    expect(length(-0.0234, 'metre')).toBe('2.3 cm');
    expect(length(3.2, 'metre')).toBe('3.200 m');
    expect(length(0.5, 'US survey foot')).toBe('0.500 ftUS');
  });
});
