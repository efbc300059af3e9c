import { canAll } from '../../../lib/can';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectStatus } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { projectFixture } from '../../../test/project-fixture';
import { SurveyStatusPanel } from './survey-status-panel';

function server() {
  const calls: ProjectStatus[] = [];
  let settle: ((ok: boolean) => void) | null = null;
  const send = vi.fn((id: string, Status: ProjectStatus) => {
    calls.push(Status);
    return new Promise<ReturnType<typeof projectFixture>>((ok, fail) => {
      settle = (accepted) => (accepted ? ok(projectFixture({ _id: id, Status })) : fail(new Error('Failed to update project status')));
    });
  });
  return { send, calls, settle: (ok = true) => settle!(ok) };
}

describe('the survey status panel', () => {
  it('shows an active survey with its 8-dot indicator, texts and the two actions it allows', () => {
    renderApp(<SurveyStatusPanel can={canAll} project={projectFixture()} onResume={() => {}} send={vi.fn()} />);
    expect(screen.getByText('Surveying in Progress...')).toBeInTheDocument();
    expect(screen.getByText('Collecting geodata from field sensors')).toBeInTheDocument();
    expect(screen.getByText('Survey is currently active. You can pause it anytime.')).toBeInTheDocument();
    expect(screen.getAllByText('In Progress').length).toBeGreaterThan(0);
    expect(screen.getByTestId('survey-pulse').children).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Pause Survey' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Resume Survey' })).not.toBeInTheDocument();
  });

  it('treats a missing status as active', () => {
    renderApp(<SurveyStatusPanel can={canAll} project={projectFixture({ Status: undefined as never })} onResume={() => {}} send={vi.fn()} />);
    expect(screen.getByTestId('survey-status')).toHaveAttribute('data-status', 'Active');
  });

  it('pausing shows Paused at once, asks the server, and keeps it once the server agrees', async () => {
    const user = userEvent.setup();
    const s = server();
    const { client } = renderApp(<SurveyStatusPanel can={canAll} project={projectFixture()} onResume={() => {}} send={s.send} />);
    await user.click(screen.getByRole('button', { name: 'Pause Survey' }));
    expect(screen.getByText('Survey Paused')).toBeInTheDocument();
    expect(screen.getByText('Field operations temporarily suspended')).toBeInTheDocument();
    expect(s.calls).toEqual(['Paused']);
    s.settle();
    await waitFor(() => expect(client.getQueryData(['projects', 'one', projectFixture()._id])).toMatchObject({ Status: 'Paused' }));
  });

  it('resuming a paused survey also opens the map', async () => {
    const user = userEvent.setup();
    const s = server();
    const onResume = vi.fn();
    renderApp(<SurveyStatusPanel can={canAll} project={projectFixture({ Status: 'Paused' })} onResume={onResume} send={s.send} />);
    expect(screen.getByText('Survey is paused. Click resume to continue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume Survey' }));
    expect(onResume).toHaveBeenCalledOnce();
    expect(s.calls).toEqual(['Active']);
  });

  it('a completed survey can only be reset, back to active', async () => {
    const user = userEvent.setup();
    const s = server();
    renderApp(<SurveyStatusPanel can={canAll} project={projectFixture({ Status: 'Completed' })} onResume={() => {}} send={s.send} />);
    expect(screen.getByText('Survey Completed')).toBeInTheDocument();
    expect(screen.getByText('All survey points successfully recorded')).toBeInTheDocument();
    expect(screen.getByText('Survey has been completed successfully.')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Reset Survey']);
    await user.click(screen.getByRole('button', { name: 'Reset Survey' }));
    expect(s.calls).toEqual(['Active']);
  });

  it('a refused change goes back to the stored status and says so', async () => {
    const user = userEvent.setup();
    const s = server();
    renderApp(<SurveyStatusPanel can={canAll} project={projectFixture()} onResume={() => {}} send={s.send} />);
    await user.click(screen.getByRole('button', { name: 'Mark as Complete' }));
    expect(screen.getByText('Survey Completed')).toBeInTheDocument();
    s.settle(false);
    expect(await screen.findByText('Failed to update project status')).toBeInTheDocument();
    expect(screen.getByText('Surveying in Progress...')).toBeInTheDocument();
  });
});
