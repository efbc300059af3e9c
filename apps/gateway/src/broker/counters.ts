import type { GatewayCounters } from '@smi/contracts';

/** The gateway's counts (every drop under one reason), shown by GET /api/health. */
export function createCounters(): GatewayCounters {
  return {
    clientsConnected: 0,
    authFailures: 0,
    unauthorizedPublishes: 0,
    refusedSubscriptions: 0,
    readings: 0,
    malformed: 0,
    oversized: 0,
    unknownDevice: 0,
    unknownTopic: 0,
    coalesced: 0,
    correctionsRelayed: 0,
    stateWriteErrors: 0,
    customBrokers: 0,
  };
}
