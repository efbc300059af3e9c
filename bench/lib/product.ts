import { startBuiltProduct } from './proc.js';

export { call, pointBody, recordPoints, seedSurveyor } from '../../apps/api/src/testing/product-client.js';

/**
 * The product as `npm start` runs it (lib/proc.ts startBuiltProduct: bundled, plain node with the api's options,
 * restarted once on its data folder), in a child process on free ports with a temporary data folder.
 */
export async function startProduct(env: Record<string, string> = {}) {
  const product = await startBuiltProduct(env);
  // assigned, not spread: server and url are getters that follow a restart
  return Object.assign(product, {
    /** The product's log when it ended on its own (a crash under load), else undefined. */
    crashed: () => {
      const { child } = product.server;
      return child.exitCode !== null || child.signalCode !== null ? product.output().slice(-4000) : undefined;
    },
  });
}
