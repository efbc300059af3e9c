import { canAll } from '../../../lib/can';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_TOLERANCES, EMPTY_PROGRESS, type OccupationView, type ProjectView } from '@smi/contracts';
import { liveFeed } from '../../../lib/socket';
import { DEFAULT_MEASUREMENT } from '../../../lib/measurement-settings';
import { renderApp } from '../../../test/render-app';
import { projectFixture } from '../../../test/project-fixture';
import type { RecordSample, RoverView } from '../survey-model';
import { SurveyControls } from './survey-controls';

const rover: RoverView = {
  id: 'r1',
  code: 'R-1',
  name: 'Rover One',
  status: 'online',
  battery: 90,
  signal: 90,
  position: { latitude: 6.6, longitude: 79.9 },
  rawPosition: null,
  live: true,
  fix: null,
  fixAgeMs: null,
  accuracyMetres: null,
  phoneOffline: false,
};
const noData: RecordSample = {
  position: null,
  correction: null,
  accuracy: null,
  gapMs: null,
  timestamp: null,
  fixType: null,
  satellites: null,
  hdop: null,
  accuracyMetres: null,
  verticalMetres: null,
  altitude: null,
  geoidSeparation: null,
  ellipsoidalHeight: null,
  reading: null,
  notReady: 'no-fix',
  fixAgeMs: null,
};
const withData: RecordSample = { ...noData, notReady: null, position: { latitude: 6.6, longitude: 79.9 }, reading: { latitude: 6.6, longitude: 79.9, altitude: null, geoidSeparation: null }, accuracy: 'Medium', timestamp: '2025-05-01T10:00:00.000Z' };

// known-base mode: the server applies the known base to occupations too, so Save and the hold start one (decision 028)
const KNOWN_BASE: Partial<ProjectView> = { BaseMode: 'known', BaseLatitude: 6.6, BaseLongitude: 79.9 };

function controls(sample: RecordSample, points: { _id: string; Name: string; Created_On: string }[] = [], project: Partial<ProjectView> = KNOWN_BASE, extra: Partial<Parameters<typeof SurveyControls>[0]> = {}) {
  const onDiscard = vi.fn(async () => {});
  const props = {
    ...extra,
    project: projectFixture({ Sections: ['default', 'kerb'], ...project }),
    measurement: DEFAULT_MEASUREMENT,
    onMeasured: vi.fn(async () => {}),
    points,
    rovers: [rover],
    unit: 'CM' as const,
    onDiscard,
    onAddSection: vi.fn(async () => true),
    onFilter: vi.fn(),
  };
  const view = renderApp(<SurveyControls can={canAll} {...props} sampleFor={() => sample} />);
  const rerender = (next: RecordSample) => view.rerender(<SurveyControls can={canAll} {...props} sampleFor={() => next} />);
  return { onDiscard, rerender, onMeasured: props.onMeasured, unmount: view.unmount };
}

/** What the page sent to POST /api/points: nothing, ever (decision 028: every point is measured on the server). */
const pointPosts = () => (vi.mocked(fetch).mock.calls as [string, RequestInit | undefined][]).filter(([u, i]) => i?.method === 'POST' && /\/api\/points(\?|$)/.test(u));

const recordButton = () => screen.getByRole('button', { name: 'Record a point' });
const touchDown = () => fireEvent.pointerDown(recordButton(), { pointerType: 'touch' });

/** The occupations the controls start (answered 409, so nothing runs); known-base mode starts them too. */
function stubOccupations() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init?.method === 'POST' && url.includes('/occupations')) posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return Response.json({ success: false, message: 'This rover is already measuring a point' }, { status: 409 });
    }),
  );
  return posted;
}

describe('the record button', () => {
  let posted: Record<string, unknown>[] = [];
  beforeEach(() => {
    localStorage.clear();
    posted = stubOccupations();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a tap opens Record a Point', () => {
    controls(withData);
    fireEvent.click(recordButton());
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
  });

  it('in a paused survey a tap asks to resume first; resumed, the dialog opens; declined, nothing is recorded', async () => {
    const onResume = vi.fn(async () => true);
    controls(withData, [], KNOWN_BASE, { surveyStatus: 'Paused', onResume });
    fireEvent.click(recordButton());
    const ask = screen.getByRole('dialog', { name: 'Survey paused' });
    expect(ask).toHaveTextContent('This survey is paused. Resume it to record a point?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onResume).not.toHaveBeenCalled();
    fireEvent.click(recordButton());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resume and record' }));
    });
    expect(onResume).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
  });

  it('in a completed survey holding the button does not record: it asks to reopen first', async () => {
    const onResume = vi.fn(async () => true);
    controls(withData, [], KNOWN_BASE, { surveyStatus: 'Completed', onResume });
    touchDown();
    await act(async () => {
      vi.advanceTimersByTime(700);
    });
    expect(screen.getByRole('dialog', { name: 'Survey completed' })).toHaveTextContent('Reopen it to record another point?');
    expect(posted).toHaveLength(0);
  });

  it('holding 600 ms on a touch screen records at once with the defaults, without the dialog', async () => {
    controls(withData, [{ _id: 'a', Name: 'P1', Created_On: '2025-01-01' }]);
    touchDown();
    await act(async () => vi.advanceTimersByTime(599));
    expect(posted).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    fireEvent.pointerUp(recordButton());
    fireEvent.click(recordButton()); // the click after the release does not open the dialog
    await act(async () => {});
    // known-base mode: a rapid occupation on the server, never the browser's POST /api/points
    expect(posted).toEqual([expect.objectContaining({ Method: 'rapid', Name: 'P2', Section: 'default', DeviceId: 'r1' })]);
    expect(pointPosts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a touch released before 600 ms is a tap', async () => {
    controls(withData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(300));
    fireEvent.pointerUp(recordButton());
    fireEvent.click(recordButton());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(pointPosts()).toEqual([]);
    expect(posted).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
  });

  it('while holding-to-save waits for data the button spins and is disabled; data within 1.5 s is recorded', async () => {
    const { rerender } = controls(noData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(600));
    expect(recordButton()).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(800));
    rerender(withData);
    await act(async () => {});
    expect(posted).toHaveLength(1);
    expect(pointPosts()).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(recordButton()).toBeEnabled();
  });

  it("without sensor data for 1.5 s it reports 'No sensor data - point not recorded' and stops", async () => {
    controls(noData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(600));
    await act(async () => vi.advanceTimersByTime(1500));
    expect(pointPosts()).toEqual([]);
    expect(posted).toEqual([]);
    expect(recordButton()).toBeEnabled();
    vi.useRealTimers();
    expect(await screen.findByText('No sensor data - point not recorded')).toBeInTheDocument();
  });
});

describe('discarding the last point', () => {
  it("says 'No recorded point to discard.' when there is none", async () => {
    controls(withData);
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    expect(await screen.findByText('No recorded point to discard.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in the Confirm Action dialog, then discards the most recent point; Escape closes it', async () => {
    const { onDiscard } = controls(withData, [
      { _id: 'new', Name: 'P2', Created_On: '2025-01-02T00:00:00Z' },
      { _id: 'old', Name: 'P1', Created_On: '2025-01-01T00:00:00Z' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Action' })).toHaveTextContent('P2');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await act(async () => {});
    expect(onDiscard).toHaveBeenCalledWith('new');
  });
});

describe('recording through a server occupation', () => {
  const PROJECT = projectFixture()._id;
  const view = (over: Partial<OccupationView> = {}): OccupationView => ({
    _id: 'occ-1',
    ProjectId: PROJECT,
    DeviceId: 'r1',
    DeviceCode: 'R-1',
    Method: 'topo',
    Name: 'P1',
    Section: 'default',
    Status: 'running',
    Reason: null,
    Tolerances: DEFAULT_TOLERANCES.topo,
    Progress: EMPTY_PROGRESS,
    PointId: null,
    ClientId: null,
    Created_On: '2025-05-01T10:00:00.000Z',
    ...over,
  });
  let bodies: Record<string, unknown>[] = [];
  let failNext = false;
  beforeEach(() => {
    localStorage.clear();
    bodies = [];
    failNext = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (failNext) {
          failNext = false;
          throw new TypeError('network down');
        }
        if (init.method === 'POST' && url.endsWith(`/api/projects/${PROJECT}/occupations`)) {
          const body = JSON.parse(init.body as string) as Record<string, unknown>;
          bodies.push(body);
          return Response.json({ success: true, occupation: view({ Method: body.Method as OccupationView['Method'], ClientId: body.ClientId as string }) }, { status: 201 });
        }
        if (url.endsWith('/api/occupations/occ-1')) return Response.json({ success: true, occupation: view() });
        return Response.json({ success: false, message: 'not here' }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("Save starts the project's default method for the chosen rover with a ClientId, and shows its progress", async () => {
    controls(withData, [], {});
    fireEvent.click(recordButton());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('occupation-progress')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ DeviceId: 'r1', Method: 'topo', Name: 'P1', Section: 'default', Antenna: expect.objectContaining({ Height: 1.8 }) })]);
    expect(bodies[0]!.ClientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pointPosts()).toEqual([]);
  });

  it('in known-base mode Save starts an occupation too (the server applies the known base), never POST /api/points', async () => {
    controls(withData, [], KNOWN_BASE);
    fireEvent.click(recordButton());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('occupation-progress')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ DeviceId: 'r1', Method: 'topo', Name: 'P1' })]);
    expect(pointPosts()).toEqual([]);
  });

  it('a Save retried after the network failed sends the same ClientId (one occupation on the server)', async () => {
    controls(withData, [], {});
    fireEvent.click(recordButton());
    failNext = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error recording point.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('occupation-progress');
    const sent = (vi.mocked(fetch).mock.calls as [string, RequestInit][]).filter(([u, i]) => i.method === 'POST' && u.includes('/occupations')).map(([, i]) => JSON.parse(i.body as string).ClientId);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });

  it('another tab opened meanwhile shows the running occupation instead of starting one; after its outcome a Save is a new point', async () => {
    const first = controls(withData, [], {});
    fireEvent.click(recordButton());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('occupation-progress');
    first.unmount();
    // the other tab: a fresh page with the same localStorage
    controls(withData, [], {});
    await screen.findByTestId('occupation-progress'); // it opens on the running occupation
    expect(bodies).toHaveLength(1);
    act(() => liveFeed.receiveOccupation(view({ Status: 'cancelled' })));
    await screen.findByText('Measurement cancelled.');
    // once its outcome is shown, the next Save is a new point with a new ClientId
    fireEvent.click(recordButton());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('occupation-progress');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.ClientId).not.toBe(bodies[0]!.ClientId);
  });

  it('when the socket says it is done: the point is recorded, the list is read again and the dialog closes', async () => {
    const c = controls(withData, [], {});
    fireEvent.click(recordButton());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('occupation-progress');
    act(() => liveFeed.receiveOccupation(view({ Progress: { ...EMPTY_PROGRESS, epochsUsed: 3, sigmaH: 0.004 } })));
    expect(await screen.findByTestId('occupation-epochs')).toHaveTextContent('3 of 5 epochs used');
    act(() => liveFeed.receiveOccupation(view({ Status: 'done', PointId: 'pt-1' })));
    expect(await screen.findByText('Point recorded successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(c.onMeasured).toHaveBeenCalledOnce();
    // a late "running" event for it does not bring it back
    act(() => liveFeed.receiveOccupation(view()));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after a reload it finds the occupation it started and shows its outcome (GET /api/occupations/{id})', async () => {
    localStorage.setItem(`smi.occupation.${PROJECT}`, JSON.stringify({ clientId: 'c', deviceId: 'r1', id: 'occ-1' }));
    controls(withData, [], {});
    expect(await screen.findByTestId('occupation-progress')).toBeInTheDocument();
    expect(screen.getByTestId('occupation-status')).toHaveTextContent('Measuring · topo');
  });
});

describe('holding the record button with the server measuring', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts a rapid occupation with the defaults, without the dialog', async () => {
    const posted: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Response.json({ success: false, message: 'This rover is already measuring a point' }, { status: 409 });
      }),
    );
    controls(withData, [{ _id: 'a', Name: 'P1', Created_On: '2025-01-01' }], {});
    touchDown();
    await act(async () => vi.advanceTimersByTime(600));
    fireEvent.pointerUp(recordButton());
    await act(async () => {});
    expect(posted).toEqual([expect.objectContaining({ Method: 'rapid', Name: 'P2', DeviceId: 'r1' })]);
    expect(pointPosts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
