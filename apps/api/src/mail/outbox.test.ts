import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMailer, mails } from './mailer.js';

describe('mail without an SMTP server', () => {
  it('is written to the outbox as an .eml file and its code is logged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smi-outbox-'));
    const lines: string[] = [];
    try {
      const mailer = createMailer({ from: 'SMI <no-reply@localhost>', outboxDir: dir, log: createLogger('info', (l) => lines.push(l)) });
      await mailer.send(mails.verify('new.user@example.com', 'New', '042917'));
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-new\.user@example\.com\.eml$/);
      const eml = readFileSync(join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: new\.user@example\.com$/m);
      expect(eml).toMatch(/^Subject: Your Site Measurement IoT verification code$/m);
      expect(eml).toContain('Your verification code is 042917.');
      expect(lines.some((l) => l.includes('042917') && l.includes('new.user@example.com'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
