import { baseSetupEndpoints as e, baseSetupView, knownBaseReply, recomputation, type knownBaseBody, type KnownBaseReply } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

/** What the Positioning Mode panel sends for the base's mark (decision 042); DryRun answers without changing anything. */
export type KnownBaseInput = z.input<typeof knownBaseBody>;

export const setKnownBase = (id: string, body: KnownBaseInput): Promise<KnownBaseReply> =>
  call(e.setKnownBase, { params: { id }, body, reply: knownBaseReply, quiet: true });

/** Back to the previous version of a setup: itself a new version, its points moved back. */
export const undoBaseSetup = (id: string) =>
  call(e.undoBaseSetup, { params: { id }, reply: z.object({ message: z.string(), setup: baseSetupView, recomputed: recomputation }), quiet: true });
