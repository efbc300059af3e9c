import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectedDevicesReply, deviceEndpoints } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { projectKeys } from './keys';

/** The base stations and client devices a new project can use (two lists, fetched together). */
async function fetchSurveyDevices(userId: string) {
  const opts = { params: { userId }, reply: connectedDevicesReply, quiet: true } as const;
  const [bases, clients] = await Promise.all([call(deviceEndpoints.baseStations, opts), call(deviceEndpoints.clientDevices, opts)]);
  return { baseStations: bases.connectedDevices, clientDevices: clients.connectedDevices };
}

export const surveyDevicesQuery = (userId: string) =>
  queryOptions({ queryKey: projectKeys.surveyDevices(userId), queryFn: () => fetchSurveyDevices(userId), staleTime: 0 });

export const useSurveyDevices = (userId: string) => useQuery(surveyDevicesQuery(userId));
