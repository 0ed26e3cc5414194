import { ODataError, type EntityModel, type Expr } from '@aec/odata';
import { withWideElements } from '../../store/feed-model';
import type { FeedReader, FeedScope, VisibleVersion } from '../../store/feed-types';
import type { UserRecord } from '../../store/types';
import type { WideCatalog } from '../../store/wide-columns';
import { FeedAuthRequiredError } from './feed-auth';
import { namedProjectIds } from './named-projects';

/** Per-project models kept built (a model is a few KB; the catalog read is what it saves). */
const MODEL_CACHE_SIZE = 200;

/** What a request reads before its query runs: the scope, the versions it can read now, the request's model. */
export interface ProjectScope {
  scope: FeedScope;
  visible: VisibleVersion[];
  model: EntityModel;
}

/**
 * Access scope of feed requests: the owner's and public projects, at their models' published versions. A
 * per-project root also gets its model: the shared sets plus the project's wide set.
 */
export function createFeedScope(
  reader: FeedReader,
  wideCatalog: ((projectId: string, versions: number[]) => Promise<WideCatalog | null>) | undefined,
) {
  const model = reader.model;
  const projectModels = new Map<string, EntityModel>();

  /** A per-project root's model: the shared sets plus the wide set of its models' published versions. */
  async function projectModel(projectId: string, visible: VisibleVersion[]): Promise<EntityModel> {
    const versions = visible.filter((v) => v.id === projectId && v.version > 0).map((v) => v.version);
    if (!versions.length || !wideCatalog) return model;
    const key = `${projectId}:${versions.join(',')}`;
    const cached = projectModels.get(key);
    if (cached) return cached;
    const catalog = await wideCatalog(projectId, versions);
    // Versions published before the wide set existed have no catalog: their root serves the shared sets only.
    if (!catalog) return model;
    const built = withWideElements(model, catalog);
    if (projectModels.size >= MODEL_CACHE_SIZE) projectModels.delete(projectModels.keys().next().value!);
    projectModels.set(key, built);
    return built;
  }

  /** A project the caller cannot read: 401 asks an anonymous caller to sign in, anyone else gets 404. */
  function unreadable(user: UserRecord | undefined, projectId: string): never {
    if (!user) throw new FeedAuthRequiredError();
    throw new ODataError(
      404,
      'NotFound',
      `Project '${projectId}' not found: it was deleted, never existed or belongs to another account`,
      undefined,
      'ProjectId',
    );
  }

  /** On a per-project root: the project must be readable by the caller. */
  async function projectScope(user: UserRecord | undefined, projectId: string): Promise<ProjectScope> {
    const scope: FeedScope = { userId: user?.id ?? null, projectIds: [projectId] };
    const visible = await reader.visibleVersions(scope);
    if (!visible.length) unreadable(user, projectId);
    return { scope, visible, model: await projectModel(projectId, visible) };
  }

  /**
   * The versions a request reads: its root's project, the projects its filter names (each must be readable), or
   * else the caller's own root (anonymous callers must name a public project).
   */
  async function requestScope(
    req: { user: UserRecord | undefined; projectId?: string },
    filter: Expr | undefined,
    perProject: ProjectScope | undefined,
  ): Promise<{ scope: FeedScope; visible: VisibleVersion[] }> {
    const named = namedProjectIds(filter);
    if (perProject) {
      const others = named?.filter((id) => id !== req.projectId);
      if (others?.length) {
        const readable = await reader.visibleVersions({ userId: req.user?.id ?? null, projectIds: others });
        const missing = others.find((id) => !readable.some((v) => v.id === id));
        if (missing !== undefined) unreadable(req.user, missing);
      }
      return perProject;
    }
    if (!req.user && named === undefined) throw new FeedAuthRequiredError();
    const scope: FeedScope = { userId: req.user?.id ?? null, ...(named ? { projectIds: named } : {}) };
    const visible = await reader.visibleVersions(scope);
    const missing = named?.find((id) => !visible.some((v) => v.id === id));
    if (missing !== undefined) unreadable(req.user, missing);
    return { scope, visible };
  }

  return { projectModel, projectScope, requestScope };
}
