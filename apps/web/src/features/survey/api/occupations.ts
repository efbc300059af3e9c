import { occupationEndpoints as e, occupationView, type OccupationView, type startOccupationBody } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

const reply = z.object({ success: z.literal(true), occupation: occupationView });

export const occupationKey = (id: string) => ['occupation', id] as const;

/** Starts (or, with a ClientId already used, finds) the occupation that measures a point on the server. */
export const startOccupation = (projectId: string, body: StartInput) =>
  call(e.startOccupation, { params: { projectId }, body, reply, quiet: true }).then((r) => r.occupation);
/** The body as the dialog builds it: the server fills in the project's defaults. */
export type StartInput = z.input<typeof startOccupationBody>;

export const getOccupation = (occupationId: string) =>
  call(e.getOccupation, { params: { occupationId }, reply, quiet: true }).then((r): OccupationView => r.occupation);

/** Stops early: the server stores what it has, flagged 'stopped-early' (or fails it when it has no good epoch). */
export const acceptOccupation = (occupationId: string) =>
  call(e.acceptOccupation, { params: { occupationId }, reply, quiet: true }).then((r) => r.occupation);

export const cancelOccupation = (occupationId: string) =>
  call(e.cancelOccupation, { params: { occupationId }, reply, quiet: true }).then((r) => r.occupation);
