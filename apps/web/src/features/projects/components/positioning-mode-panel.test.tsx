import { canAll } from '../../../lib/can';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseSetupView, KnownBaseReply } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import type { KnownBaseInput } from '../api/known-base';
import { projectFixture } from '../../../test/project-fixture';
import { PositioningModePanel } from './positioning-mode-panel';

const MOVE = { Points: 3, ShiftE: 1.105, ShiftN: 2.21, ShiftU: 0, Message: '3 points re-computed, shift dE +1.105 m dN +2.210 m dU +0.000 m' };
const setup = { _id: 's2', PreviousId: 's1', Version: 2 } as BaseSetupView;

/** The server's answer: the preview on a dry run, the move otherwise (what the real call does, decision 042). */
function server(recomputed: typeof MOVE | null = MOVE) {
  return vi.fn(async (id: string, body: KnownBaseInput): Promise<KnownBaseReply> => {
    const lat = typeof body.Latitude === 'number' ? body.Latitude : 6.9;
    const lon = typeof body.Longitude === 'number' ? body.Longitude : 79.8;
    return {
      success: true,
      message: recomputed?.Message ?? 'Project base locations updated successfully',
      DryRun: !!body.DryRun,
      Mark: { Latitude: lat, Longitude: lon, Height: null },
      Base: { Latitude: lat, Longitude: lon, Height: 12 },
      recomputed,
      setup: body.DryRun ? null : setup,
      project: projectFixture({ _id: id, BaseMode: 'known', BaseLatitude: lat, BaseLongitude: lon }),
    };
  });
}

async function typeMark(user: ReturnType<typeof userEvent.setup>, lat = '6.92712', lon = '79.86121') {
  await user.clear(screen.getByRole('textbox', { name: 'Latitude' }));
  await user.type(screen.getByRole('textbox', { name: 'Latitude' }), lat);
  await user.clear(screen.getByRole('textbox', { name: 'Longitude' }));
  await user.type(screen.getByRole('textbox', { name: 'Longitude' }), lon);
  await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
}

describe('the Positioning Mode panel', () => {
  it('asks before moving points (how many, the shift), moves them on confirm, says so, and offers Undo', async () => {
    const user = userEvent.setup();
    const project = projectFixture({ BaseMode: 'known' });
    const sendKnown = server();
    const undo = vi.fn(async () => ({ message: MOVE.Message, setup: { ...setup, _id: 's3' }, recomputed: MOVE }));
    const { client } = renderApp(<PositioningModePanel can={canAll} project={project} sendKnown={sendKnown} undo={undo} />);
    client.setQueryData(['points', project._id], { points: [] });
    await typeMark(user);
    const dialog = await screen.findByRole('dialog', { name: 'Move the base?' });
    expect(dialog).toHaveTextContent('Moving the base re-computes 3 points measured from it: shift dE +1.105 m, dN +2.210 m, dU +0.000 m.');
    // only the preview so far
    expect(sendKnown).toHaveBeenCalledTimes(1);
    expect(sendKnown).toHaveBeenLastCalledWith(project._id, { Latitude: 6.92712, Longitude: 79.86121, DryRun: true });
    await user.click(within(dialog).getByRole('button', { name: 'Re-compute 3 points' }));
    expect(sendKnown).toHaveBeenLastCalledWith(project._id, { Latitude: 6.92712, Longitude: 79.86121 });
    expect(await screen.findByText(MOVE.Message)).toBeInTheDocument();
    expect(await screen.findByText('Project base locations updated successfully')).toBeInTheDocument();
    expect(client.getQueryState(['points', project._id])?.isInvalidated).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledWith('s2');
    expect(await screen.findByRole('status')).toHaveTextContent(`Undone: ${MOVE.Message}`);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  }, 30_000);

  it('Cancel in the question moves nothing', async () => {
    const user = userEvent.setup();
    const sendKnown = server();
    renderApp(<PositioningModePanel can={canAll} project={projectFixture({ BaseMode: 'known' })} sendKnown={sendKnown} />);
    await typeMark(user);
    await user.click(within(await screen.findByRole('dialog', { name: 'Move the base?' })).getByRole('button', { name: 'Cancel' }));
    expect(sendKnown).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/re-computed/)).not.toBeInTheDocument();
  }, 30_000);

  it('does not ask when no point moves, and says nothing of re-computation', async () => {
    const user = userEvent.setup();
    const sendKnown = server(null);
    renderApp(<PositioningModePanel can={canAll} project={projectFixture({ BaseMode: 'known' })} sendKnown={sendKnown} />);
    await typeMark(user, '6.9', '79.8');
    expect(await screen.findByText('Project base locations updated successfully')).toBeInTheDocument();
    expect(sendKnown).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/re-computed/)).not.toBeInTheDocument();
  }, 30_000);

  it("keeps the spec's alert for an empty latitude or longitude", async () => {
    const user = userEvent.setup();
    const sendKnown = server();
    renderApp(<PositioningModePanel can={canAll} project={projectFixture({ BaseMode: 'known' })} sendKnown={sendKnown} />);
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '6.9');
    await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid latitude and longitude values.');
    expect(sendKnown).not.toHaveBeenCalled();
  }, 30_000);

  it('sends a grid mark with its elevation and the base antenna', async () => {
    const user = userEvent.setup();
    const sendKnown = server(null);
    renderApp(<PositioningModePanel can={canAll} project={projectFixture({ BaseMode: 'known' })} sendKnown={sendKnown} />);
    await user.selectOptions(screen.getByLabelText('Base mark given as'), 'grid');
    await user.type(screen.getByRole('textbox', { name: 'Northing' }), '765912.456');
    await user.type(screen.getByRole('textbox', { name: 'Easting' }), '375890.123');
    await user.type(screen.getByRole('textbox', { name: 'Elevation (optional)' }), '110.25');
    await user.click(screen.getByLabelText('Base antenna height and type'));
    await user.clear(screen.getByLabelText('Antenna height (m)'));
    await user.type(screen.getByLabelText('Antenna height (m)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Update Base Position' }));
    expect(await screen.findByText('Project base locations updated successfully')).toBeInTheDocument();
    expect(sendKnown).toHaveBeenLastCalledWith(
      expect.any(String),
      expect.objectContaining({ Northing: 765912.456, Easting: 375890.123, Elevation: 110.25, Antenna: expect.objectContaining({ Height: 1.5 }) }),
    );
  }, 30_000);
});
