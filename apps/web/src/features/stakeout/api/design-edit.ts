import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, designPointReply, type DesignPointBody } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/**
 * Typing, editing and deleting design points and deleting design lines (decision 058). Every change reads the
 * project's design list again (['design', projectId]), which the design and stake-out screens share. The caller
 * shows the failure (field errors beside the form's fields, a message in the confirm), so the calls are quiet.
 */
export function useDesignEdits(projectId: string) {
  const client = useQueryClient();
  const reread = () => client.invalidateQueries({ queryKey: ['design', projectId] });
  const create = useMutation({
    mutationFn: (body: DesignPointBody) => call(designEndpoints.createDesignPoint, { params: { projectId }, body, reply: designPointReply, quiet: true }),
    onSuccess: reread,
  });
  const update = useMutation({
    mutationFn: ({ pointId, body }: { pointId: string; body: Partial<DesignPointBody> }) =>
      call(designEndpoints.updateDesignPoint, { params: { projectId, pointId }, body, reply: designPointReply, quiet: true }),
    onSuccess: reread,
  });
  const removePoint = useMutation({
    mutationFn: (pointId: string) => call(designEndpoints.deleteDesignPoint, { params: { projectId, pointId }, quiet: true }),
    // a point already gone (deleted on another phone) is gone here too: the list is read again either way
    onSettled: reread,
  });
  const removeLine = useMutation({
    mutationFn: (lineId: string) => call(designEndpoints.deleteDesignLine, { params: { projectId, lineId }, quiet: true }),
    onSettled: reread,
  });
  return { create, update, removePoint, removeLine };
}
