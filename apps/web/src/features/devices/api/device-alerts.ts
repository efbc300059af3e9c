import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceAlertsReply, deviceEndpoints } from '@smi/contracts';
import { call } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export const getDeviceAlerts = (userId: string) =>
  call(deviceEndpoints.deviceAlerts, { params: { userId }, reply: deviceAlertsReply, quiet: true }).then((r) => r.devices);

export const deviceAlertsQuery = (userId: string) =>
  queryOptions({ queryKey: deviceKeys.alerts(userId), queryFn: () => getDeviceAlerts(userId), refetchInterval: 30_000 });

export const useDeviceAlerts = (userId: string) => useQuery(deviceAlertsQuery(userId));
