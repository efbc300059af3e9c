import express from 'express';
import { openDb } from '@smi/db';
import { pointsRepository } from '../../apps/api/src/points/repository.js';

/**
 * The baseline of recording a point: a bare Express 5 route doing the product's own INSERT (pointsRepository.record,
 * the one statement that records a point and counts it in its project) in the product's database, opened as the
 * product opens it (its data folder through @smi/db: PGlite on a thread of its own), with no session, validation,
 * code list, base setup or events. Run as a child process under the api's node options while the product is
 * stopped: argv[2] is the database folder, argv[3] the owner's id (a user's personal workspace); prints its port.
 */
const db = await openDb({ dataDir: process.argv[2]! });
const ownerId = process.argv[3]!;
// the surveyor of bench/lib/product.ts seedSurveyor, in their personal workspace (whose id is theirs)
const recorder = { id: ownerId, name: 'Surveyor' };
const app = express();
app.post('/record', express.json(), async (req, res) => {
  const b = req.body as { ProjectId: string; Name: string; Latitude: number; Longitude: number; Accuracy: 'High' | 'Medium' | 'Low' | null; Section: string };
  const { row } = await pointsRepository.record(db, ownerId, recorder, {
    Type: 'recorded',
    Device: '',
    Code: '',
    Attributes: {},
    Note: '',
    ...b,
    Timestamp: new Date().toISOString(),
  } as Parameters<typeof pointsRepository.record>[3]);
  res.status(201).json({ success: true, data: row });
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`port ${port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void db.close().then(() => process.exit(0));
});
