import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rollbackPath } from '@/lib/api/model-paths';
import type { VersionInput } from './delete-version';
import { useRefreshProject } from './model-mutations';

/** POST …/models/:modelId/versions/:number/rollback: publishes an older retained, ready version again. */
export async function rollbackVersion({ projectId, modelId, number }: VersionInput): Promise<void> {
  await api.post(rollbackPath(projectId, modelId, number));
}

export function useRollbackVersion() {
  const refresh = useRefreshProject();
  return useMutation({ mutationFn: rollbackVersion, onSuccess: (_done, input) => refresh(input.projectId) });
}
