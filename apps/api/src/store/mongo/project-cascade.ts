import type { Model, mongo } from 'mongoose';
import type { JobDoc } from './job-model';
import type { ProjectDoc } from './project-model';
import { eachRowCollection, type RowCollections } from './row-collections';
import { deleteInBatches } from './delete-in-batches';
import { documentWrite } from './whole-document-writes';

export interface ProjectCascade {
  /** Removes the given projects with their rows; resolves to how many project documents went. */
  removeProjects(ids: string[]): Promise<number>;
  /** Removes every project and job owned by the user, with the projects' rows. */
  removeOwnedBy(ownerId: string): Promise<void>;
}

/**
 * Without transactions (FerretDB has none) the order is what keeps readers consistent: the project documents go
 * first, so the projects vanish at once for every reader; their rows are unreachable from then on and
 * are removed after. A crash in between leaves only unreachable documents, and removing the same ids again
 * (the rows are deleted whether or not a project document was found) finishes the job.
 */
export function createProjectCascade(
  projects: Model<ProjectDoc>,
  jobs: Model<JobDoc>,
  rows: RowCollections,
  /** What else is keyed by project (version histories, the feed's Models documents), removed after the rows. */
  perProject: mongo.Collection<{ projectId: string }>[],
  /** Other things a user owns (feed tokens), removed with the user's projects. */
  removeOtherOwned: (ownerId: string) => Promise<unknown> = async () => undefined,
  /** Collections of the projects' own (the wide set's unions of several models), dropped with the rows. */
  dropCollections: (ids: string[]) => Promise<unknown> = async () => undefined,
): ProjectCascade {
  async function removeProjects(ids: string[]) {
    if (!ids.length) return 0;
    const { deletedCount } = await projects.deleteMany({ _id: { $in: ids } }).exec();
    const owned = { projectId: { $in: ids } };
    // Jobs stay: a client polling a cancelled upload (whose project is removed) still reads its status.
    await Promise.all(eachRowCollection(rows).map((collection) => deleteInBatches(collection, owned)));
    await Promise.all(perProject.map((collection) => deleteInBatches(collection, owned)));
    await dropCollections(ids);
    return deletedCount;
  }
  return {
    removeProjects,
    async removeOwnedBy(ownerId) {
      const owned = await projects.find({ ownerId }, { _id: 1 }).lean<{ _id: string }[]>().exec();
      await removeProjects(owned.map((p) => p._id));
      await jobs.deleteMany({ ownerId }).exec();
      await documentWrite(projects.db.db, 'projects', () =>
        projects.updateMany({ chosenBy: ownerId }, { $pull: { chosenBy: ownerId } }).exec(),
      );
      await removeOtherOwned(ownerId);
    },
  };
}
