import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceEndpoints, registeredDevicesReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export const getRegisteredDevices = (userId: string) =>
  call(deviceEndpoints.registeredDevices, { params: { userId }, reply: registeredDevicesReply, quiet: true }).then((r) => r.devices);

export const registeredDevicesQuery = (userId: string) =>
  queryOptions({ queryKey: deviceKeys.registered(userId), queryFn: () => getRegisteredDevices(userId) });

export const useRegisteredDevices = (userId: string) => useQuery(registeredDevicesQuery(userId));
