import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PDF read back by poppler (pdftotext and pdfinfo), an independent reader: its text, pages and page sizes. */
export async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number; sizes: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'smi-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 256 << 20 });
    const { stdout: info } = await run('pdfinfo', ['-f', '1', '-l', '100000', file], { maxBuffer: 64 << 20 });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+)/gm)].map((m) => m[1]!);
    return { text, pages, sizes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
