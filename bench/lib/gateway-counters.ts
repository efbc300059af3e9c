import type { GatewayCounters } from '@smi/contracts';
import { sleep } from './latency.js';

/** The gateway's counters as GET /api/health shows them (gateways report every 2 s, so wait for the last report). */
export async function gatewayCounters(url: string): Promise<GatewayCounters> {
  await sleep(2500);
  const reply = (await (await fetch(`${url}/api/health`)).json()) as { broker: { totals: GatewayCounters } };
  return reply.broker.totals;
}

export const countersNote = (c: GatewayCounters) =>
  `gateway counters: readings ${c.readings}, coalesced ${c.coalesced}, malformed ${c.malformed}, unknown device ${c.unknownDevice}, state write errors ${c.stateWriteErrors}, auth failures ${c.authFailures}`;
