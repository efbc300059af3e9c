import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { measurementSettings, occupationEndpoints as e, type MeasurementSettings } from '@smi/contracts';
import { z } from 'zod';
import { call } from './api-client';

/**
 * A project's measurement settings (decision 021): the project screen edits them, the survey map reads them (the default
 * method, the antenna the Record dialog starts from, the loss-of-fix alert).
 */
export const measurementKey = (projectId: string) => ['measurement-settings', projectId] as const;

const reply = z.object({ success: z.literal(true), settings: measurementSettings });

export const measurementQuery = (projectId: string) =>
  queryOptions({
    queryKey: measurementKey(projectId),
    queryFn: () => call(e.getMeasurementSettings, { params: { projectId }, reply, quiet: true }).then((r) => r.settings),
    staleTime: 30_000,
  });

export const useMeasurementSettings = (projectId: string) => useQuery(measurementQuery(projectId));

/** The defaults every project starts with (what the survey map uses until the project's are read). */
export const DEFAULT_MEASUREMENT: MeasurementSettings = measurementSettings.parse({});

export function useSaveMeasurementSettings(projectId: string) {
  const client = useQueryClient();
  return async (settings: MeasurementSettings) => {
    const saved = await call(e.putMeasurementSettings, { params: { projectId }, body: settings, reply, quiet: true });
    client.setQueryData(measurementKey(projectId), measurementSettings.parse(saved.settings));
    return saved.settings;
  };
}
