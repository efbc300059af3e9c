import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { projectFixture } from '../test-project';
import { PositioningModePanel } from './positioning-mode-panel';

describe('the Positioning Mode panel', () => {
  it('after a Known Position is saved, shows how many points were re-computed and by how much, and reads the points again', async () => {
    const user = userEvent.setup();
    const project = projectFixture({ BaseMode: 'known' });
    const sendLocation = vi.fn(async (id: string, lat: number, lon: number) => ({
      success: true as const,
      message: 'Project base locations updated successfully',
      project: projectFixture({ _id: id, BaseMode: 'known', BaseLatitude: lat, BaseLongitude: lon }),
      recomputed: { Points: 3, ShiftE: 1.105, ShiftN: 2.21, ShiftU: 0, Message: '3 points re-computed, shift dE +1.105 m dN +2.210 m dU +0.000 m' },
    }));
    const { client } = renderApp(<PositioningModePanel project={project} sendLocation={sendLocation} />);
    client.setQueryData(['points', project._id], { points: [] });
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '6.92712');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '79.86121');
    await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
    expect(sendLocation).toHaveBeenCalledWith(project._id, 6.92712, 79.86121);
    expect(await screen.findByText('3 points re-computed, shift dE +1.105 m dN +2.210 m dU +0.000 m')).toBeInTheDocument();
    expect(client.getQueryState(['points', project._id])?.isInvalidated).toBe(true);
  }, 30_000);

  it('keeps the message when the saved project comes back in Known mode, and follows a project changed elsewhere', async () => {
    const user = userEvent.setup();
    const project = projectFixture({ BaseMode: 'auto' });
    const saved = projectFixture({ _id: project._id, BaseMode: 'known', BaseLatitude: 6.92712, BaseLongitude: 79.86121 });
    const sendLocation = vi.fn(async () => ({
      success: true as const,
      message: 'Project base locations updated successfully',
      project: saved,
      recomputed: { Points: 3, ShiftE: 1.105, ShiftN: 2.21, ShiftU: 0, Message: '3 points re-computed, shift dE +1.105 m dN +2.210 m dU +0.000 m' },
    }));
    const { rerender } = renderApp(<PositioningModePanel key={project._id} project={project} sendLocation={sendLocation} />);
    await user.click(screen.getByRole('radio', { name: 'Known Position' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '6.92712');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '79.86121');
    await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
    expect(await screen.findByText(/3 points re-computed/)).toBeInTheDocument();
    // the project detail page hands the panel the stored project, now in Known mode
    rerender(<PositioningModePanel key={project._id} project={saved} sendLocation={sendLocation} />);
    expect(screen.getByText(/3 points re-computed/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Known Position' })).toHaveAttribute('aria-checked', 'true');
    // changed elsewhere (back to Auto Fix): the choice follows
    rerender(<PositioningModePanel key={project._id} project={{ ...saved, BaseMode: 'auto', BaseLatitude: null, BaseLongitude: null }} sendLocation={sendLocation} />);
    expect(screen.getByRole('radio', { name: 'Auto Fix' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('');
  }, 30_000);

  it('says nothing of re-computation when the server moved no points', async () => {
    const user = userEvent.setup();
    const project = projectFixture({ BaseMode: 'known' });
    const sendLocation = vi.fn(async (id: string) => ({ success: true as const, message: 'Project base locations updated successfully', project: projectFixture({ _id: id }) }));
    renderApp(<PositioningModePanel project={project} sendLocation={sendLocation} />);
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '6.9');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '79.8');
    await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
    expect(await screen.findByText('Project base locations updated successfully')).toBeInTheDocument();
    expect(screen.queryByText(/re-computed/)).not.toBeInTheDocument();
  }, 30_000);
});
