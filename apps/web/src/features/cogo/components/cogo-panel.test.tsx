import { canAll } from '../../../lib/can';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CogoInverseReply } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { CogoPanel } from './cogo-panel';

const A = '5b4d1c1e-0f3b-4d53-9a55-6f1a3c2b9e10';
const B = '6c5e2d2f-1a4c-4e64-8b66-7a2b4d3c0f21';
const placed = (id: string, name: string) => ({ kind: 'design' as const, id, name, easting: 0, northing: 0, elevation: null });
const INVERSE: CogoInverseReply = {
  success: true, unit: 'metre', crs: 'EPSG:32633 WGS 84 / UTM zone 33N', height: 'ellipsoidal (WGS 84)',
  from: placed(A, 'P1'), to: placed(B, 'P2'), dE: 30, dN: 40, dH: 5, gridDistance: 50, azimuth: 36.869897646, azimuthDms: '36°52\'11.6"',
  groundDistance: 50.0123, factors: { scale: 0.9996, elevation: 0.99996, combined: 0.99956 }, groundNote: null, slopeDistance: 50.2617, slopePercent: 9.9975,
};

afterEach(() => vi.unstubAllGlobals());

describe('the COGO panel', () => {
  it('inverses two chosen points on the server and shows grid, ground, azimuth and slope in the project unit', async () => {
    const user = userEvent.setup();
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const data = url.includes('/cogo/inverse') ? INVERSE : { success: false, message: 'not here' };
      return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderApp(<CogoPanel can={canAll} projectId="p1" designPoints={[{ id: A, name: 'P1' }]} measuredPoints={[{ id: B, name: 'P2' }]} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'From' }), `design:${A}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'To' }), `measured:${B}`);
    await user.click(screen.getByRole('button', { name: 'Inverse' }));
    const dl = await screen.findByLabelText('Inverse', { selector: 'dl' });
    expect(within(dl).getByText('50.000 m')).toBeInTheDocument();
    expect(within(dl).getByText('50.012 m')).toBeInTheDocument();
    expect(within(dl).getByText('36°52\'11.6" (36.86990°)')).toBeInTheDocument();
    expect(within(dl).getByText('10.00 %')).toBeInTheDocument();
    expect(sent.find((s) => s.url === '/api/projects/p1/cogo/inverse')?.body).toEqual({ from: { kind: 'design', id: A }, to: { kind: 'measured', id: B } });
  });
});
