import { queryOptions, useQuery } from '@tanstack/react-query';
import { correctionsClientsReply, ntripUserEndpoints as e } from '@smi/contracts';
import { call } from './api-client';

/**
 * Who receives a base's corrections now (rovers over NTRIP or MQTT, NTRIP credentials), re-read every 2 s (the
 * gateways report every 2 s). Shared by the device page and the survey map.
 */
export const correctionsClientsQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['devices', deviceId, 'corrections-clients'],
    queryFn: () => call(e.correctionsClients, { params: { id: deviceId }, reply: correctionsClientsReply, quiet: true }),
    refetchInterval: 2000,
  });

export const useCorrectionsClients = (deviceId: string | null | undefined) => useQuery({ ...correctionsClientsQuery(deviceId ?? ''), enabled: !!deviceId });
