import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/**
 * `npm start` runs the server as plain JavaScript (decision 005): apps/api/src/main.ts and the workspace packages it
 * imports (@smi/*, TypeScript sources) bundled into one ES module, dist/main.js. Under `node --import tsx` the
 * TypeScript loader runs on a thread of its own with a V8 heap of its own, ~70 MB of the server's RSS.
 * node_modules packages stay outside the bundle and are loaded by node as usual.
 */
const here = dirname(fileURLToPath(import.meta.url));

/**
 * node's options for the bundled server, as the root package.json's `start` passes them (a test holds the two
 * together). A 4 MB young-generation semi-space instead of 16: the garbage of a busy server stays small (scale peak RSS
 * ~400 -> ~306 MB) for a little more scavenging; --optimize-for-size saved as much but cost 2.5x the ingest capacity
 * (decision 005).
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=4'];

/**
 * The api's options (the bundle `npm start` and the image run; the gateway alone keeps SERVER_NODE_OPTIONS): the
 * server's, and an old generation whose limit grows by 100 % of what a full collection leaves instead of V8's slow
 * growth once its memory reducer has run. With a ~42 MB heap the limit sat ~12 MB above it, and the memory of photo
 * uploads arriving one after another started a mark-compact every one to three photos (decision 005).
 */
export const API_NODE_OPTIONS = [...SERVER_NODE_OPTIONS, '--heap-growing-percent=100'];

/** The folder node would load a package from when asked for it by a file in `from` (node_modules, upwards). */
function packageFolder(name: string, from: string): string | undefined {
  const parts = name.startsWith('@') ? name.split('/').slice(0, 2) : name.split('/').slice(0, 1);
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', ...parts);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Each source keeps its own import.meta.url (the migrations folder, the built web app, createRequire, the database
 * thread's file are all found next to the source), and a package is left to node only if node finds the same copy
 * from dist/ as from the importing source (apps/api/node_modules holds versions of its own).
 */
function keepPlaces(outdir: string): Plugin {
  return {
    name: 'keep-places',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@smi/')) return undefined;
        if (isBuiltin(args.path)) return { external: true };
        const want = packageFolder(args.path, args.resolveDir);
        const got = packageFolder(args.path, outdir);
        if (want !== got) return { errors: [{ text: `${args.path}: ${args.importer} uses ${want}, dist/ would load ${got}` }] };
        return { external: true };
      });
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const source = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: source, loader: 'ts' };
      });
    },
  };
}

/** `entry`: another server's main (deploy/bundle-gateway.ts bundles the standalone gateway the same way). */
export async function buildServer(outfile = join(here, 'dist', 'main.js'), entry = join(here, 'src', 'main.ts')): Promise<string> {
  const out = isAbsolute(outfile) ? outfile : resolve(outfile);
  // the gateway's occupation engine runs on a thread of its own (apps/gateway/src/occupation/engine-thread.ts): its
  // entry bundled beside the server, which is told where (its sources' .ts could not be loaded without tsx)
  const engineWorker = join(dirname(out), 'occupation-engine-worker.js');
  const common: BuildOptions = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', plugins: [keepPlaces(dirname(out))] };
  await Promise.all([
    build({ ...common, entryPoints: [entry], outfile: out, define: { __OCCUPATION_WORKER__: JSON.stringify(pathToFileURL(engineWorker).href) } }),
    build({ ...common, entryPoints: [join(here, '..', 'gateway', 'src', 'occupation', 'engine-worker.ts')], outfile: engineWorker }),
  ]);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await buildServer(process.argv[2]);
}
