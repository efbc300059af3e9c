import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { DesignPlan } from './design-plan';
import { planFit } from './plan';

describe('the stake-out plan', () => {
  it('chooses the design point a tap lands on, and nothing for a tap on empty ground', () => {
    const points = [{ id: 'a', name: 'P1', easting: 100, northing: 200 }, { id: 'b', name: 'P2', easting: 130, northing: 240 }];
    const onPick = vi.fn();
    renderApp(<DesignPlan points={points} staked={new Map([['a', { last: { inTolerance: true } }]])} targetId={null} rover={null} onPick={onPick} />);
    const svg = screen.getByRole('group', { name: /Plan of the design points/ });
    // jsdom lays nothing out: the element's box is empty, so a tap's client pixels are the drawing's
    const fit = planFit(points, 390, 260);
    fireEvent.click(svg, { clientX: fit.toX(130) + 3, clientY: fit.toY(240) + 2 });
    expect(onPick).toHaveBeenLastCalledWith('b');
    fireEvent.click(svg, { clientX: (fit.toX(100) + fit.toX(130)) / 2, clientY: (fit.toY(200) + fit.toY(240)) / 2 });
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('plan-point-P1').querySelector('circle')!.getAttribute('fill')).toBe('#1a7f37');
  });
});
