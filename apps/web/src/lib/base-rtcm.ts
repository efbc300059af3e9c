import { queryOptions, useQuery } from '@tanstack/react-query';
import { baseRtcmView, deviceEndpoints, deviceReply } from '@smi/contracts';
import { z } from 'zod';
import { call } from './api-client';

const reply = deviceReply.extend({ Rtcm: baseRtcmView.nullable().optional() });

/** What a base's RTCM stream told the server (GET /api/devices/{id}, field Rtcm; decision 022). */
export const baseRtcmQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['devices', deviceId, 'rtcm'] as const,
    queryFn: () => call(deviceEndpoints.getDevice, { params: { id: deviceId }, reply, quiet: true }).then((r) => r.Rtcm ?? null),
    // the age of corrections is the point of it: kept fresh while shown
    refetchInterval: 5000,
  });

export const useBaseRtcm = (deviceId: string | undefined) => useQuery({ ...baseRtcmQuery(deviceId ?? ''), enabled: !!deviceId });
export type BaseRtcm = z.infer<typeof baseRtcmView>;
