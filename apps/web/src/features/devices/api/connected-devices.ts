import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectedDevicesReply, deviceEndpoints } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export const getConnectedDevices = (userId: string) =>
  call(deviceEndpoints.connectedDevices, { params: { userId }, reply: connectedDevicesReply, quiet: true }).then((r) => r.connectedDevices);

export const connectedDevicesQuery = (userId: string) =>
  queryOptions({ queryKey: deviceKeys.connected(userId), queryFn: () => getConnectedDevices(userId) });

export const useConnectedDevices = (userId: string) => useQuery(connectedDevicesQuery(userId));
