import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function deleteProject(projectId: string): Promise<void> {
  await api.delete(`/api/ifc/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // Stats count projects and elements too, so they are refetched with the list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]),
  });
}
