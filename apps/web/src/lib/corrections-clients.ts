import { queryOptions, useQuery } from '@tanstack/react-query';
import { correctionsClientsReply, ntripUserEndpoints as e } from '@smi/contracts';
import { call } from './api-client';

/** A base or rover (device), or a project (its rovers and its mountpoint, the network's or its base's). */
export type ReceiversOf = { device: string } | { project: string };

/**
 * Who receives corrections now (rovers over NTRIP or MQTT, NTRIP credentials), re-read every 2 s (the gateways report
 * every 2 s). Shared by the device page, the project page and the survey map.
 */
export const correctionsClientsQuery = (of: ReceiversOf) =>
  queryOptions({
    queryKey: 'device' in of ? ['devices', of.device, 'corrections-clients'] : ['projects', of.project, 'corrections-clients'],
    queryFn: () =>
      'device' in of
        ? call(e.correctionsClients, { params: { id: of.device }, reply: correctionsClientsReply, quiet: true })
        : call(e.projectCorrectionsClients, { params: { id: of.project }, reply: correctionsClientsReply, quiet: true }),
    refetchInterval: 2000,
  });

export const useCorrectionsClients = (of: ReceiversOf) => useQuery(correctionsClientsQuery(of));
