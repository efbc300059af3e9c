import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchExport, fileNameFrom, type DownloadFormat, type ExportedFile } from '../api/export-file';
import { ExportControl } from './export-control';

function pendingExport() {
  let settle!: { ok: (f: ExportedFile) => void; fail: (e: Error) => void };
  const fetchFile = vi.fn(
    (_format: DownloadFormat, _id: string) =>
      new Promise<ExportedFile>((ok, fail) => {
        settle = { ok, fail };
      }),
  );
  return { fetchFile, settle: () => settle };
}

describe('exporting a project', () => {
  it('offers pdf by default, plus dxf, csv, its PNEZD preset, txt, geojson, kml and the survey report', () => {
    render(<ExportControl projectId="p1" fetchFile={vi.fn()} save={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Export format' });
    expect(select).toHaveValue('pdf');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['pdf', 'dxf', 'csv', 'pnezd', 'zip', 'txt', 'geojson', 'kml', 'shp', 'landxml', 'report']);
  });

  it("reads 'Exporting...' while the file is prepared, then saves it and says it worked", async () => {
    const user = userEvent.setup();
    const { fetchFile, settle } = pendingExport();
    const save = vi.fn();
    render(<ExportControl projectId="p1" fetchFile={fetchFile} save={save} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'csv');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(screen.getByText('Preparing CSV file...')).toBeInTheDocument();
    expect(fetchFile).toHaveBeenCalledWith('csv', 'p1');
    const file = { blob: new Blob(['a,b']), fileName: 'Harbour-points.csv' };
    settle().ok(file);
    expect(await screen.findByText('Successfully exported as CSV')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(file);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it("says 'Export failed: {message}' when the file cannot be had, and a new format clears the message", async () => {
    const user = userEvent.setup();
    const { fetchFile, settle } = pendingExport();
    const save = vi.fn();
    render(<ExportControl projectId="p1" fetchFile={fetchFile} save={save} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    settle().fail(new Error('Failed to export: 404 Not Found'));
    expect(await screen.findByText('Export failed: Failed to export: 404 Not Found')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'dxf');
    expect(screen.queryByText(/Export failed/)).not.toBeInTheDocument();
  });
});

describe('the PNEZD preset', () => {
  it('is asked of the csv export with ?preset=pnezd and said as PNEZD', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('1,100.000,200.000,3.000,CP1\r\n', { headers: { 'Content-Disposition': 'attachment; filename="Harbour-points-pnezd.csv"' } }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const file = await fetchExport('pnezd', 'p1');
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/export/csv/p1?preset=pnezd');
      expect(file.fileName).toBe('Harbour-points-pnezd.csv');
    } finally {
      vi.unstubAllGlobals();
    }
    const user = userEvent.setup();
    const fetchFile = vi.fn(async () => ({ blob: new Blob(['']), fileName: 'x.csv' }));
    render(<ExportControl projectId="p1" fetchFile={fetchFile} save={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'PNEZD (CSV for CAD)');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(fetchFile).toHaveBeenCalledWith('pnezd', 'p1');
    expect(await screen.findByText('Successfully exported as PNEZD')).toBeInTheDocument();
  });
});

describe('the downloaded file name', () => {
  it('comes from Content-Disposition, UTF-8 form first, else project-points.{format}', () => {
    expect(fileNameFrom('attachment; filename="Harbour-points.pdf"', 'pdf')).toBe('Harbour-points.pdf');
    expect(fileNameFrom(`attachment; filename="Lodz-points.csv"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA-points.csv`, 'csv')).toBe('Łódź-points.csv');
    expect(fileNameFrom('attachment; filename=plain.txt', 'txt')).toBe('plain.txt');
    expect(fileNameFrom(null, 'dxf')).toBe('project-points.dxf');
    expect(fileNameFrom('attachment', 'kml')).toBe('project-points.kml');
    expect(fileNameFrom(null, 'pnezd')).toBe('project-points.csv');
  });
});

describe('the csv with its photos', () => {
  it('is asked of the csv export with ?photos=1 and saved as the zip the server names', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('PK', { headers: { 'Content-Disposition': 'attachment; filename="Harbour-points-photos.zip"' } }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const file = await fetchExport('zip', 'p1');
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/export/csv/p1?photos=1');
      expect(file.fileName).toBe('Harbour-points-photos.zip');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fileNameFrom(null, 'zip')).toBe('project-points-photos.zip');
  });
});
