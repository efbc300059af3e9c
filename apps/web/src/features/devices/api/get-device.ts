import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceEndpoints, deviceReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export const getDevice = (deviceId: string) =>
  call(deviceEndpoints.getDevice, { params: { id: deviceId }, reply: deviceReply, quiet: true }).then((r) => r.device);

export const deviceQuery = (deviceId: string) => queryOptions({ queryKey: deviceKeys.one(deviceId), queryFn: () => getDevice(deviceId) });

export const useDevice = (deviceId: string) => useQuery(deviceQuery(deviceId));
