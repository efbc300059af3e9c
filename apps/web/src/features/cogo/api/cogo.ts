import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cogoAreaReply, cogoEndpoints as e, cogoInverseReply, cogoStoreReply, cogoTraverseReply, type CogoAreaBody, type CogoInverseBody, type CogoPointRef } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/** A point by bearing and distance as the form sends it (the body's defaults left to the api). */
export interface TraverseInput {
  from: CogoPointRef;
  azimuth: number;
  distance: number;
  distanceKind: 'grid' | 'ground';
  dH?: number;
}

/** COGO on the server (decision 077): every number in the project's CRS and unit. */
export function useCogo(projectId: string) {
  const client = useQueryClient();
  const params = { projectId };
  return {
    inverse: useMutation({ mutationFn: (body: CogoInverseBody) => call(e.cogoInverse, { params, body, reply: cogoInverseReply, quiet: true }) }),
    area: useMutation({ mutationFn: (body: CogoAreaBody) => call(e.cogoArea, { params, body, reply: cogoAreaReply, quiet: true }) }),
    traverse: useMutation({ mutationFn: (body: TraverseInput) => call(e.cogoTraverse, { params, body, reply: cogoTraverseReply, quiet: true }) }),
    store: useMutation({
      mutationFn: (body: TraverseInput & { name: string }) => call(e.cogoStorePoint, { params, body, reply: cogoStoreReply, quiet: true }),
      onSuccess: () => void client.invalidateQueries({ queryKey: ['design', projectId] }),
    }),
  };
}
