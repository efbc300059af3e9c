import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OCCUPATION_ACTIVE, type AntennaSetupInput, type OccupationMethod, type OccupationView } from '@smi/contracts';
import { liveFeed } from '../../../lib/socket';
import { acceptOccupation, cancelOccupation, getOccupation, occupationKey, startOccupation } from '../api/occupations';
import { clearPending, readPending, writePending } from '../rules/pending-occupation';

export const isActive = (o: OccupationView | null | undefined) => !!o && OCCUPATION_ACTIVE.includes(o.Status);

// the socket carries every change; this re-read covers a socket that is down without having noticed yet
const POLL_MS = 5000;

export interface MeasureRequest {
  deviceId: string;
  method: OccupationMethod;
  name: string;
  section: string;
  antenna: AntennaSetupInput;
  /** the feature code string, attribute values and note the point takes */
  code?: string;
  attributes?: Record<string, Record<string, string>>;
  note?: string;
}

/**
 * The project's current server occupation (decision 028): started with a ClientId kept until its outcome is shown,
 * followed through the `occupation` socket event, and read again over REST after a reload or a dropped connection.
 */
export function useMeasure(projectId: string) {
  const client = useQueryClient();
  const [id, setId] = useState<string | null>(() => readPending(projectId)?.id ?? null);

  const query = useQuery({
    queryKey: occupationKey(id ?? ''),
    queryFn: () => getOccupation(id!),
    enabled: id !== null,
    refetchInterval: (q) => (isActive(q.state.data) ? POLL_MS : false),
  });

  useEffect(
    () =>
      liveFeed.onOccupation((o) => {
        // an event that arrives after the outcome was read (out of order) never turns it back into "running"
        const known = client.getQueryData<OccupationView>(occupationKey(o._id));
        if (known && !isActive(known) && isActive(o)) return;
        client.setQueryData(occupationKey(o._id), o);
      }),
    [client],
  );

  const start = async (r: MeasureRequest): Promise<OccupationView> => {
    const pending = readPending(projectId);
    const reuse = pending && pending.deviceId === r.deviceId ? pending.clientId : null;
    const send = async (clientId: string) => {
      writePending(projectId, { clientId, deviceId: r.deviceId, id: null });
      return startOccupation(projectId, {
        DeviceId: r.deviceId,
        Method: r.method,
        Name: r.name,
        Section: r.section,
        Antenna: r.antenna,
        ClientId: clientId,
        Code: r.code ?? '',
        Attributes: r.attributes ?? {},
        Note: r.note ?? '',
      });
    };
    let o = await send(reuse ?? crypto.randomUUID());
    // that ClientId already measured a point whose outcome was never shown here: this Save is a new point
    if (reuse && !isActive(o)) o = await send(crypto.randomUUID());
    writePending(projectId, { clientId: o.ClientId ?? '', deviceId: r.deviceId, id: o._id });
    client.setQueryData(occupationKey(o._id), o);
    setId(o._id);
    return o;
  };

  const store = (o: OccupationView) => client.setQueryData(occupationKey(o._id), o);

  return {
    occupation: id ? (query.data ?? null) : null,
    /** A kept occupation is being read (after a reload): neither the form nor the progress yet. */
    loading: id !== null && query.isPending,
    start,
    accept: async () => id && store(await acceptOccupation(id)),
    cancel: async () => id && store(await cancelOccupation(id)),
    /** The outcome has been shown: forget it (the next Save starts a new occupation). */
    finish: () => {
      clearPending(projectId);
      setId(null);
    },
  };
}
