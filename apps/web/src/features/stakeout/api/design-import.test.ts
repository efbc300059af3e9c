import { describe, expect, it } from 'vitest';
import { previewCsv } from '@smi/design';
import { formatOfFileName, previewContent, readDesignFile, sizeRefusal } from './design-import';

describe('reading a design file in the browser', () => {
  it('guesses the format from the name', () => {
    expect(['a.CSV', 'b.txt', 'c.xml', 'd.landxml', 'e.DXF', 'f.geojson', 'g.json', 'h'].map(formatOfFileName)).toEqual(['csv', 'csv', 'landxml', 'landxml', 'dxf', 'geojson', 'geojson', 'csv']);
  });

  it('refuses more than 20 MB and takes 20 MB', () => {
    expect(sizeRefusal(20 * 1024 * 1024)).toBeNull();
    expect(sizeRefusal(20 * 1024 * 1024 + 1)).toBe('The file is 20.0 MB: the limit is 20 MB per import. Split it into smaller files.');
  });

  it('reads Windows-1252 bytes as the importer does, and says so', async () => {
    // "Mühle" in Windows-1252: ü is the single byte 0xFC, not UTF-8
    const bytes = new Uint8Array([...new TextEncoder().encode('M'), 0xfc, ...new TextEncoder().encode('hle,1,2,3\n')]);
    const read = await readDesignFile(new File([bytes], 'mill.csv'));
    expect(read).toMatchObject({ name: 'mill.csv', bytes: bytes.length, text: 'Mühle,1,2,3\n' });
    expect('warning' in read && read.warning).toMatch(/Windows-1252/);
  });

  it("sends a long CSV's head to the preview, which reads it exactly as the whole file", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `P${i + 1};${(1000 + i).toFixed(3).replace('.', ',')};${(2000 + i / 7).toFixed(3).replace('.', ',')};12,5;KERB`);
    const text = `Point;North;East;Elev;Code\r\n${rows.join('\r\n')}\r\n`;
    const head = previewContent(text, 'csv');
    expect(head.length).toBeLessThan(text.length / 2);
    expect(head.endsWith('\r\n')).toBe(true);
    const options = { columns: 'PNEZD' as const, existingNames: [] };
    const [whole, part] = [previewCsv(text, options), previewCsv(head, options)];
    expect(part).toEqual(whole);
    expect('rows' in part && part.rows[0]).toEqual({ line: 2, fields: ['P1', '1000,000', '2000,000', '12,5', 'KERB'] });
    // other formats are previewed whole: their preview names every problem of the file
    expect(previewContent(text, 'geojson')).toBe(text);
  });
});
