import { Layers } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { useProjectModels } from '../api/get-project-models';
import { AddModel } from './add-model';
import { ModelCard } from './model-card';
import { RetentionSetting } from './retention-setting';

/**
 * "Models and versions" of a project page: every model with its history and, for the owner, uploads, renames,
 * rollbacks, deletions and the retention setting. The history polls by itself while a version is still processing
 * or being compared.
 */
export function ModelsSection({ projectId, isOwner }: { projectId: string; isOwner: boolean }) {
  const history = useProjectModels(projectId);
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="models-and-versions">
      <h2 id="models-and-versions" className="flex items-center gap-2 text-xl font-semibold">
        <Layers aria-hidden="true" className="size-5" />
        Models and versions
      </h2>
      <QueryState
        query={history}
        loadingLabel="Loading models and versions..."
        errorTitle="Could not load the models"
      >
        {(data) => (
          <>
            {data.models.length === 0 ? (
              <p className="text-sm text-muted-foreground">This project has no models yet.</p>
            ) : (
              data.models.map((model) => (
                <ModelCard
                  key={model.modelId}
                  projectId={projectId}
                  model={model}
                  isOwner={isOwner}
                  isOnlyModel={data.models.length === 1}
                />
              ))
            )}
            {isOwner ? <AddModel projectId={projectId} /> : null}
            <RetentionSetting projectId={projectId} retention={data.retention} isOwner={isOwner} />
          </>
        )}
      </QueryState>
    </section>
  );
}
