import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../apps/api/build-server.ts';

/** The standalone gateway (apps/gateway/src/main.ts) bundled like the api server, to apps/gateway/dist/main.js. */
const gateway = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'gateway');
await buildServer(join(gateway, 'dist', 'main.js'), join(gateway, 'src', 'main.ts'));
