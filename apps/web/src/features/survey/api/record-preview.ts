import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordPreviewEndpoint, recordPreviewReply, type AntennaSetupInput, type RecordPreviewReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** The rover's reading as its receiver reports it (the antenna, not the mark): what the preview is computed from. */
export interface RoverReading {
  latitude: number;
  longitude: number;
  altitude: number | null;
  geoidSeparation: number | null;
}

/**
 * What Save would store, from the server (decision 039): the occupation's own arithmetic on the rover's reading
 * (base setup in force, antenna reduction) and the project's coordinates. One small request per new reading; the
 * previous answer stays on screen until the next one arrives. A rover standing still sends the same reading again
 * and again, yet what would be stored still changes with the base (its first 1005 arriving, an Auto Fix, a known
 * position typed elsewhere): the answer is asked again every few seconds.
 */
export function useRecordPreview(projectId: string, reading: RoverReading, antenna: AntennaSetupInput | null) {
  return useQuery<RecordPreviewReply>({
    queryKey: ['record-preview', projectId, reading.latitude, reading.longitude, reading.altitude, reading.geoidSeparation, antenna],
    queryFn: ({ signal }) =>
      call(recordPreviewEndpoint, {
        params: { projectId },
        body: { Reading: { Latitude: reading.latitude, Longitude: reading.longitude, Altitude: reading.altitude, GeoidSeparation: reading.geoidSeparation }, Antenna: antenna! },
        reply: recordPreviewReply,
        quiet: true,
        signal,
      }),
    enabled: antenna !== null,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: 3_000,
    gcTime: 10_000,
  });
}
