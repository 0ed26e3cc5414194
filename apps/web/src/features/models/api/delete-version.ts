import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { versionPath } from '@/lib/api/model-paths';
import { useRefreshProject } from './model-mutations';

export type VersionInput = { projectId: string; modelId: string; number: number };

/** DELETE …/models/:modelId/versions/:number (409 VERSION_PUBLISHED for the version the feed serves). */
export async function deleteVersion({ projectId, modelId, number }: VersionInput): Promise<void> {
  await api.delete(versionPath(projectId, modelId, number));
}

export function useDeleteVersion() {
  const refresh = useRefreshProject();
  return useMutation({ mutationFn: deleteVersion, onSuccess: (_done, input) => refresh(input.projectId) });
}
