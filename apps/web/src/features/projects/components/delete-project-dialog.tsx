import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteProject } from '../api/project-changes';

export const deleteProjectQuestion = (name: string) => `Delete project “${name}”? This action cannot be undone.`;

interface Props {
  project: { _id: string; Name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The confirmation before a project and its points are deleted. */
export function DeleteProjectDialog({ project, onClose, onDeleted }: Props) {
  const del = useDeleteProject();
  const confirm = async () => {
    if (!project) return;
    try {
      const reply = (await del.mutateAsync(project._id)) as { message?: string } | undefined;
      toast.success(reply?.message ?? 'Project deleted successfully');
      onClose();
      onDeleted?.();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete project'));
    }
  };
  return (
    <ConfirmDialog
      open={project !== null}
      title="Delete Project"
      message={project ? deleteProjectQuestion(project.Name) : ''}
      confirmLabel="Delete"
      busy={del.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
