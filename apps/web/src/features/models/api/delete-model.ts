import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { modelPath } from '@/lib/api/model-paths';
import { useRefreshProject } from './model-mutations';

export type DeleteModelInput = { projectId: string; modelId: string };

/** DELETE /api/ifc/projects/:projectId/models/:modelId (409 LAST_MODEL for a project's only model). */
export async function deleteModel({ projectId, modelId }: DeleteModelInput): Promise<void> {
  await api.delete(modelPath(projectId, modelId));
}

export function useDeleteModel() {
  const refresh = useRefreshProject();
  return useMutation({ mutationFn: deleteModel, onSuccess: (_done, input) => refresh(input.projectId) });
}
