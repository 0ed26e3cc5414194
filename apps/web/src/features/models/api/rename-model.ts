import { modelDtoSchema, renameModelRequestSchema, type ModelDto } from '@aec/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { modelPath } from '@/lib/api/model-paths';
import { useRefreshProject } from './model-mutations';

export type RenameModelInput = { projectId: string; modelId: string; name: string };

/** PATCH /api/ifc/projects/:projectId/models/:modelId `{ name }`: the name is checked (1–120 after trim) first. */
export async function renameModel({ projectId, modelId, name }: RenameModelInput): Promise<ModelDto> {
  const body = renameModelRequestSchema.parse({ name });
  const { data } = await api.patch<unknown>(modelPath(projectId, modelId), body);
  return modelDtoSchema.parse(data);
}

export function useRenameModel() {
  const refresh = useRefreshProject();
  return useMutation({ mutationFn: renameModel, onSuccess: (_model, input) => refresh(input.projectId) });
}
