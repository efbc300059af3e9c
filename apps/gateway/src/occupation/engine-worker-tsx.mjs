// The occupation engine's thread when the gateway runs from its TypeScript sources (tests, `npm run dev`): the
// TypeScript loader registered on this thread, then engine-worker.ts. The bundled server starts the bundled
// engine-worker.js instead (apps/api/build-server.ts).
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
