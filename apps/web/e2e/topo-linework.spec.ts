import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { project } from './nmea-rover';
import { surveyAccount, surveyDevices } from './survey-setup';

/**
 * A coded topo at 390 px (decision 057): a fence and a building shot with codes, the map asks for the linework again
 * when the next fence post is stored (the server's notice), and the DXF from the Export control has the fence as a
 * 5-vertex LWPOLYLINE on its layer and the building as a closed one.
 */
test.describe.configure({ timeout: 240_000 });

const LAT0 = 6.9271;
const LON0 = 79.8612;
const at = (east: number, north: number) => ({ Latitude: LAT0 + north / 110_574, Longitude: LON0 + east / (111_320 * Math.cos((LAT0 * Math.PI) / 180)) });

interface Linework {
  lines: { code: string; string: string; closed: boolean; vertices: unknown[] }[];
}

const lineworkOf = (page: Page, projectId: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/api/projects/${projectId}/linework`) && r.request().method() === 'GET' && r.ok());

test('coded shots draw a fence and a building that grow on the map and export to DXF', async ({ page, product }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const suffix = Date.now().toString(36).toUpperCase();
  const { userId } = await surveyAccount(page.request, product, 'topo');
  await surveyDevices(page.request, userId, [
    { code: `TB-${suffix}`, name: 'Topo Base', type: 'base' },
    { code: `TR-${suffix}`, name: 'Topo Rover', type: 'rover' },
  ]);
  const projectId = await project(page.request, userId, 'Topo yard', `TB-${suffix}`, [`TR-${suffix}`]);
  let minute = 0;
  const shoot = async (Name: string, Code: string, east: number, north: number) => {
    const res = await page.request.post('/api/points', {
      data: { ProjectId: projectId, Name, Code, ...at(east, north), EllipsoidalHeight: 20, Timestamp: new Date(Date.UTC(2026, 2, 1, 8, minute++)).toISOString() },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await shoot('F1', 'FENCE1 ST', 0, 0);
  for (const [i, e] of [5, 10, 15].entries()) await shoot(`F${i + 2}`, 'FENCE1', e, 0);
  for (const [i, [e, n]] of [[0, 10], [8, 10], [8, 16]].entries()) await shoot(`B${i + 1}`, 'BLD', e!, n!);
  await shoot('B4', 'BLD CLO', 0, 16);

  // the map draws what the server built
  const first = lineworkOf(page, projectId);
  await page.goto(`/projects/pointsurvey/${projectId}`);
  const drawn = (await (await first).json()) as Linework;
  expect(drawn.lines.map((l) => [l.code + l.string, l.vertices.length, l.closed])).toEqual([
    ['FENCE1', 4, false],
    ['BLD', 4, true],
  ]);
  // the next post, stored by anyone: the map is told and asks again, and the fence has grown
  const grown = lineworkOf(page, projectId);
  await shoot('F5', 'FENCE1', 20, 0);
  const after = (await (await grown).json()) as Linework;
  expect(after.lines.find((l) => l.code === 'FENCE')!.vertices).toHaveLength(5);

  // the DXF from the project's Export control, read from the downloaded file
  await page.goto(`/projects/${projectId}`);
  await page.getByLabel('Export format').selectOption('dxf');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dxf = readFileSync((await (await download).path())!, 'utf8');
  // the layers in the codes' colours (true colour), the fence open with 5 vertices, the building closed with 4
  expect(dxf).toMatch(/\n2\nFENCE\n(.*\n)*?420\n11674146\n/);
  expect(dxf).toMatch(/\n8\nFENCE\n420\n11674146\n100\nAcDbPolyline\n90\n5\n70\n0\n/);
  expect(dxf).toMatch(/\n8\nBUILDING\n420\n14423100\n100\nAcDbPolyline\n90\n4\n70\n1\n/);
});
