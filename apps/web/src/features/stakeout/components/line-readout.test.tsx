import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { LineReadout } from './line-readout';

describe('the rover against a design line', () => {
  it('shows the station, the side and size of the offset, the cut or fill, and the way to the target', () => {
    render(
      <LineReadout
        unit="metre"
        line={{ id: 'l', name: 'Kerb', station: 110.004, offset: -3, label: '0+110.004 L3', beyond: null, elevation: 100, dH: -0.12, cutFill: { kind: 'fill', amount: 0.12 }, targetStation: 125, targetOffset: 2, goAhead: 14.996, goRight: 5 }}
      />,
    );
    const dl = screen.getByTestId('line-readout');
    expect(within(dl).getByText('0+110.004')).toBeTruthy();
    expect(within(dl).getByText('L 3.000 m')).toBeTruthy();
    expect(within(dl).getByText('Fill to the line')).toBeTruthy();
    expect(within(dl).getByText('12.0 cm')).toBeTruthy();
    expect(within(dl).getByText('ahead 14.996 m, right 5.000 m')).toBeTruthy();
  });

  it('says when the rover is past the end, and on the line', () => {
    render(<LineReadout unit="US survey foot" line={{ id: 'l', name: '', station: 520, offset: 0.0001, label: '5+20.00', beyond: 'end', elevation: null, dH: null, cutFill: null, targetStation: 520, targetOffset: 0, goAhead: -0.5, goRight: -0.0001 }} />);
    expect(screen.getByText('Station (past the end)')).toBeTruthy();
    expect(screen.getByText('on the line')).toBeTruthy();
    expect(screen.getByText('back 0.500 ftUS, left 0.000 ftUS')).toBeTruthy();
  });
});
