import { readFileSync } from 'node:fs';

import express from 'express';

/**
 * The baseline for the API benchmark: a bare Express 5 route answering a JSON body held in memory
 * (no session, no database). Run as a child process: argv[2] is a file with the body; prints its port.
 */
const body = readFileSync(process.argv[2]!, 'utf8');
const app = express();
app.get('/list', (_req, res) => {
  res.type('application/json').send(body);
});
app.post('/record', express.json(), (req, res) => {
  res.json({ success: true, data: req.body });
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`port ${port}\n`);
});
