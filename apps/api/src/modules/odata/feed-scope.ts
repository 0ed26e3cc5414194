import { ODataError, type EntityModel, type Expr } from '@aec/odata';
import { withWideElements } from '../../store/feed-model';
import type { FeedReader, FeedScope, VisibleVersion } from '../../store/feed-types';
import type { UserRecord } from '../../store/types';
import { mergeWideColumns, type WideCatalog } from '../../store/wide-columns';
import { FeedAuthRequiredError } from './feed-auth';
import { namedProjectIds } from './named-projects';

const versionsOf = (visible: VisibleVersion[]) => visible.map((v) => v.version);

/** Per-project models kept built (a model is a few KB; the catalog read is what it saves). */
const MODEL_CACHE_SIZE = 200;

/** What a request reads before its query runs: the scope, the versions it can read now, the request's model. */
export interface ProjectScope {
  scope: FeedScope;
  visible: VisibleVersion[];
  model: EntityModel;
  /**
   * The wide set of these versions is not built yet (or its build failed): the model still lists it, with the
   * columns of the versions last built, but its rows cannot be read (503, or 500 once its build failed).
   */
  widePending: boolean;
}

/** A per-project root's model, and whether its wide set (listed either way) can be read. */
export interface ProjectModel {
  model: EntityModel;
  widePending: boolean;
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

  /**
   * A per-project root's model: the shared sets plus the wide set of its models' published versions. While that
   * set is prepared (after every publish) the root keeps listing it — a BI tool that reads $metadata then must not
   * lose the table — with each model's columns as last built (only the element columns before a first build);
   * its rows answer 503 meanwhile (odata.service.ts).
   */
  async function projectModel(projectId: string, visible: VisibleVersion[]): Promise<ProjectModel> {
    // Without a wide set source the set is not listed, and asking for it answers 503 as it always did.
    if (!wideCatalog) return { model, widePending: true };
    const published = visible.filter((v) => v.id === projectId && v.version > 0);
    // Nothing published yet (a first upload in progress): listed with the element columns, its rows to come.
    if (!published.length) return { model: await pendingWideModel(projectId, published), widePending: true };
    const key = `${projectId}:${versionsOf(published).join(',')}`;
    const cached = projectModels.get(key);
    if (cached) return { model: cached, widePending: false };
    const catalog = await wideCatalog(projectId, versionsOf(published));
    if (!catalog) return { model: await pendingWideModel(projectId, published), widePending: true };
    const built = withWideElements(model, catalog);
    if (projectModels.size >= MODEL_CACHE_SIZE) projectModels.delete(projectModels.keys().next().value!);
    projectModels.set(key, built);
    return { model: built, widePending: false };
  }

  /**
   * The wide set as described while it is prepared: per model, the columns of its published version when that one
   * is built, else of its newest built version (the one served before an upload or a rollback), joined as the
   * served set joins them; a model never built adds none.
   */
  async function pendingWideModel(projectId: string, published: VisibleVersion[]): Promise<EntityModel> {
    const built = published.length ? ((await reader.wideSetVersions?.(projectId)) ?? []) : [];
    const versions = published.flatMap(({ modelId, version }) => {
      const own = built.filter((b) => b.modelId === modelId).map((b) => b.version);
      return own.includes(version) ? [version] : own.length ? [Math.max(...own)] : [];
    });
    // One version's catalog at a time: reading it has no side effect (a join of several may start building one).
    const catalogs = (await Promise.all(versions.map((v) => wideCatalog!(projectId, [v])))).filter(
      (c): c is WideCatalog => c !== null,
    );
    const first = catalogs[0];
    // As servedWideCatalog: one model's own columns, several models' joined.
    const columns = published.length === 1 && first ? first.columns : mergeWideColumns(catalogs);
    return withWideElements(model, {
      table: first?.table ?? '',
      columns,
      ...(first?.caseShadows ? { caseShadows: first.caseShadows } : {}),
    });
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
    return { scope, visible, ...(await projectModel(projectId, visible)) };
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
