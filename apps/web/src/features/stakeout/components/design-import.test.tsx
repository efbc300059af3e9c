import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESIGN_IMPORT_LIMITS, designPreviewReply, type DesignImportRefusal, type DesignPreviewReply } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { canAll, canFor } from '../../../lib/can';
import { DesignImportButton } from './design-import';

const FRAME = { crs: 'EPSG:32644 WGS 84 / UTM zone 44N', unit: 'metre', height: 'orthometric (EGM96)' };
const CSV = 'P1,744123.1000,531000.2500,12.3000,KERB\r\nP2,744128.1000,531000.2500,12.2500,KERB\r\n';

type Body = Record<string, unknown>;
/** The dialog's code is loaded on first use and previews wait for the settings to settle: room for a busy machine. */
const SLOW = { timeout: 5000 };
type Answer = (body: Body) => { status: number; data: unknown };

/** A preview as the server reads the two rows above with the columns it is sent (PNEZD: N first). */
function previewOf(body: Body, extra: Partial<DesignPreviewReply> = {}): DesignPreviewReply {
  const rows = String(body.content)
    .trim()
    .split('\r\n')
    .map((l, i) => ({ line: i + 1, fields: l.split(',') }));
  const nFirst = body.columns === 'PNEZD';
  const reply: DesignPreviewReply = {
    success: true,
    frame: FRAME,
    csv: { delimiter: ',', header: false, decimalComma: false, suggestedColumns: null, rows },
    points: rows.map((r) => ({
      name: r.fields[0]!,
      northing: Number(r.fields[nFirst ? 1 : 2]),
      easting: Number(r.fields[nFirst ? 2 : 1]),
      elevation: Number(r.fields[3]),
      code: r.fields[4]!,
      layer: '',
      source: 'csv',
      line: r.line,
    })),
    lines: [],
    errors: [],
    warnings: [],
    ...extra,
  };
  return designPreviewReply.parse(reply);
}

function serve(answers: { preview?: Answer; import?: Answer }) {
  const sent: { url: string; body: Body }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Body;
    sent.push({ url, body });
    const answer = url.endsWith('/design/preview') ? answers.preview : url.endsWith('/design/import') ? answers.import : undefined;
    const { status, data } = answer ? answer(body) : { status: 404, data: { success: false, message: 'not here' } };
    return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

async function openWith(file: File) {
  const user = userEvent.setup();
  const rendered = renderApp(<DesignImportButton projectId="p1" can={canAll} />);
  await user.click(screen.getByRole('button', { name: 'Import file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import design file' }, SLOW);
  await user.upload(within(dialog).getByLabelText('Design file'), file);
  return { user, dialog, ...rendered };
}

const csvFile = (text = CSV, name = 'kerb.csv') => new File([text], name, { type: 'text/csv' });
const previews = (sent: { url: string; body: Body }[]) => sent.filter((s) => s.url === '/api/projects/p1/design/preview');

afterEach(() => vi.unstubAllGlobals());

describe('the design file import', () => {
  it('is not drawn for a role that may not import', () => {
    renderApp(<DesignImportButton projectId="p1" can={canFor('surveyor', 'u1')} />);
    expect(screen.queryByRole('button', { name: 'Import file' })).not.toBeInTheDocument();
  });

  it('previews the first rows as split and the points as they would be stored, in the project frame', async () => {
    const sent = serve({ preview: (b) => ({ status: 200, data: previewOf(b) }) });
    const { dialog } = await openWith(csvFile());
    const rows = await within(dialog).findByRole('table', { name: 'First rows of the file' }, SLOW);
    expect(within(rows).getAllByRole('row')).toHaveLength(3);
    expect(within(rows).getByRole('combobox', { name: 'Column 2' })).toHaveValue('n');
    const points = within(dialog).getByRole('table', { name: 'Points as imported' });
    const p1 = within(points).getByRole('row', { name: /P1/ });
    // PNEZD: the second field is the northing, the third the easting; E is shown first
    expect(within(p1).getAllByRole('cell').map((c) => c.textContent)).toEqual(['531000.250', '744123.100', '12.300']);
    expect(within(dialog).getByTestId('design-import-frame')).toHaveTextContent('EPSG:32644 WGS 84 / UTM zone 44N, in metres; elevations orthometric (EGM96)');
    expect(previews(sent)[0]!.body).toEqual({ format: 'csv', content: CSV, columns: 'PNEZD', delimiter: 'auto', header: 'auto', decimalComma: 'auto', unit: 'metre' });
  });

  it('takes the columns the header names, and a role chosen per column goes into the next preview', async () => {
    const text = 'Point,East,North,Elev,Code\r\n' + CSV;
    const sent = serve({
      preview: (b) => ({ status: 200, data: previewOf({ ...b, content: CSV }, { csv: { ...previewOf({ ...b, content: CSV }).csv!, header: true, suggestedColumns: ['name', 'e', 'n', 'h', 'code'] } }) }),
    });
    const { user, dialog } = await openWith(csvFile(text));
    // the header's suggestion replaces the default layout: PENZD
    await waitFor(() => expect(previews(sent).at(-1)!.body.columns).toBe('PENZD'), SLOW);
    expect(within(dialog).getByLabelText('Columns')).toHaveValue('PENZD');
    // the user reads column 5 as skipped and column 4 as the code instead of the elevation
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Column 5' }, SLOW), 'skip');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Column 4' }), 'code');
    await waitFor(() => expect(previews(sent).at(-1)!.body.columns).toEqual(['name', 'e', 'n', 'code']), SLOW);
    expect(within(dialog).getByLabelText('Columns')).toHaveValue('by-column');
    // a role moved to another column leaves the one that had it skipped: the easting from column 2 to column 3
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Column 3' }), 'e');
    await waitFor(() => expect(previews(sent).at(-1)!.body.columns).toEqual(['name', 'skip', 'e', 'code']), SLOW);
    await user.selectOptions(within(dialog).getByLabelText('Delimiter'), ';');
    await waitFor(() => expect(previews(sent).at(-1)!.body).toMatchObject({ delimiter: ';', columns: ['name', 'skip', 'e', 'code'] }), SLOW);
  });

  it('shows the problems of the previewed rows by their line', async () => {
    serve({ preview: (b) => ({ status: 200, data: previewOf(b, { errors: [{ line: 2, message: 'northing "74412x.1" is not a number' }] }) }) });
    const { dialog } = await openWith(csvFile());
    const problems = await within(dialog).findByRole('region', { name: 'Problems in these rows' }, SLOW);
    expect(problems).toHaveTextContent('Line 2: northing "74412x.1" is not a number');
  });

  it('names every bad row of a refused import, and imports the good rows only when asked', async () => {
    const refusal: DesignImportRefusal = {
      success: false,
      message: 'Nothing was imported: one problem, first line 3: easting "abc" is not a number. The file\'s 2 good points and 0 lines can be imported without them.',
      errors: [{ line: 3, message: 'easting "abc" is not a number' }],
      warnings: [],
      points: 2,
      lines: 0,
    };
    const sent = serve({
      // the preview shows the two good rows; the bad third one is the import's to name
      preview: (b) => ({ status: 200, data: previewOf({ ...b, content: CSV }) }),
      import: (b) =>
        b.acceptErrors
          ? { status: 201, data: { success: true, message: 'Imported 2 design points and 0 design lines; 1 row with problems left out', imported: { points: 2, lines: 0 }, errors: refusal.errors, warnings: [] } }
          : { status: 400, data: refusal },
    });
    const { user, dialog, client } = await openWith(csvFile(CSV + 'P3,abc,1,2,KERB\r\n'));
    client.setQueryData(['design', 'p1'], { success: true, frame: null, points: [], lines: [] });
    await within(dialog).findByRole('table', { name: 'Points as imported' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const refused = await within(dialog).findByTestId('design-import-refused', {}, SLOW);
    expect(within(refused).getByRole('alert')).toHaveTextContent('Nothing was imported');
    expect(within(refused).getByRole('region', { name: 'Problems in the file' })).toHaveTextContent('Line 3: easting "abc" is not a number');
    const imports = () => sent.filter((s) => s.url === '/api/projects/p1/design/import');
    expect(imports()).toHaveLength(1);
    expect(imports()[0]!.body.acceptErrors).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Import the 2 good rows' }));
    expect(await screen.findByText('Imported 2 design points and 0 design lines; 1 row with problems left out', {}, SLOW)).toBeInTheDocument();
    expect(imports()).toHaveLength(2);
    expect(imports()[1]!.body).toMatchObject({ acceptErrors: true, columns: 'PNEZD', content: CSV + 'P3,abc,1,2,KERB\r\n' });
    // the project's design lists read again, and the dialog is gone
    expect(client.getQueryState(['design', 'p1'])?.isInvalidated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no good rows when the whole file is refused (over the row limit)', async () => {
    const message = 'The file has more than 100,000 rows: the limit is 100,000 per import. Split it into smaller files.';
    const sent = serve({
      preview: (b) => ({ status: 200, data: previewOf(b) }),
      import: () => ({ status: 400, data: { success: false, message: `Nothing was imported: one problem, first ${message}`, errors: [{ line: null, message }], warnings: [], points: 0, lines: 0 } }),
    });
    const { user, dialog } = await openWith(csvFile());
    await within(dialog).findByRole('table', { name: 'Points as imported' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const refused = await within(dialog).findByTestId('design-import-refused', {}, SLOW);
    expect(within(refused).getByRole('region', { name: 'Problems in the file' })).toHaveTextContent(`File: ${message}`);
    expect(within(dialog).queryByRole('button', { name: /^Import the/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    // a change of settings is a new try
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'foot');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(sent.filter((x) => x.url.endsWith('/design/import'))).toHaveLength(1);
  });

  it('reads a DXF in the unit of the drawing unless told, and previews its lines', async () => {
    const line = { name: 'KERB-1', code: '', layer: 'KERB', closed: false, startStation: 0, source: 'dxf', line: 12, vertices: [
      { easting: 531000, northing: 744123, elevation: 12.3, bulge: 0 },
      { easting: 531010, northing: 744123, elevation: 12.2, bulge: 0 },
      { easting: 531020, northing: 744125, elevation: null, bulge: 0 },
    ] };
    const sent = serve({ preview: () => ({ status: 200, data: designPreviewReply.parse({ success: true, frame: FRAME, csv: null, points: [], lines: [line], errors: [], warnings: [{ line: null, message: 'the drawing names no unit ($INSUNITS): read as metres' }] }) }) });
    const { user, dialog } = await openWith(new File(['0\nSECTION\n'], 'kerb.dxf'));
    expect(within(dialog).getByLabelText('Format')).toHaveValue('dxf');
    const lines = await within(dialog).findByRole('region', { name: 'Lines as imported' }, SLOW);
    expect(lines).toHaveTextContent('KERB-1 · KERB · 3 vertices');
    expect(within(dialog).getByRole('region', { name: 'Warnings' })).toHaveTextContent('File: the drawing names no unit ($INSUNITS): read as metres');
    // no CSV settings and no column table for a drawing
    expect(within(dialog).queryByLabelText('Columns')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'First rows of the file' })).not.toBeInTheDocument();
    expect(previews(sent)[0]!.body).toEqual({ format: 'dxf', content: '0\nSECTION\n' });
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'US survey foot');
    await waitFor(() => expect(previews(sent).at(-1)!.body).toEqual({ format: 'dxf', content: '0\nSECTION\n', unit: 'US survey foot' }), SLOW);
  });

  it('refuses a file over the limit before reading it, and asks the server nothing', async () => {
    const sent = serve({ preview: (b) => ({ status: 200, data: previewOf(b) }) });
    const big = csvFile('P1,1,2,3\r\n', 'huge.csv');
    Object.defineProperty(big, 'size', { value: DESIGN_IMPORT_LIMITS.bytes + 1.5 * 1024 * 1024 });
    const read = vi.spyOn(big, 'arrayBuffer');
    const { dialog } = await openWith(big);
    expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent('The file is 21.5 MB: the limit is 20 MB per import. Split it into smaller files.');
    expect(read).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
