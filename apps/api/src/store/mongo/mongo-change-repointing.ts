import { repointedChanges } from '../change-rules';
import { updateVersionDoc, type PublishingDeps } from './model-publishing';
import { deleteInBatches } from './delete-in-batches';
import { withLock } from './start-up-lock';
import { toChangeDoc } from './version-docs';
import { changesLock } from './mongo-changes';

/**
 * ModelRepository.deleteVersion's second half on MongoDB (ifc-types.ts), once the deleted version (number `number`)
 * is marked unretained: each retained version of the model compared with it leaves the feed's change sets (its
 * `changeRows` mark and rows) and is compared with its previous retained version instead, pending for the change
 * step, or with none (change-rules.ts repointedChanges). Each under its version's changes lock: a run against the
 * deleted version still going ends first (it finds that version unretained and keeps nothing), so it cannot list
 * its rows as complete after this.
 */
export async function repointComparedWith(
  deps: PublishingDeps,
  projectId: string,
  modelId: string,
  number: number,
): Promise<void> {
  const { versions, rows } = deps;
  const compared = await versions
    .find({ projectId, modelId, retained: true, 'changes.previousVersionNumber': number })
    .toArray();
  for (const v of compared)
    await withLock(deps.db, changesLock(projectId, v.version), async () => {
      const [previous] = await versions
        .find(
          { projectId, modelId, status: 'ready', retained: true, number: { $lt: v.number } },
          { projection: { number: 1 } },
        )
        .sort({ number: -1 })
        .limit(1)
        .toArray();
      const { changes, warnings } = repointedChanges(number, v.warnings ?? [], previous?.number ?? null);
      const key = { projectId, version: v.version };
      await updateVersionDoc(deps, key, {
        $unset: { changeRows: '' },
        $set: { changes: changes && toChangeDoc(changes), warnings },
      });
      await Promise.all([deleteInBatches(rows.changes, key), deleteInBatches(rows.propertyChanges, key)]);
    });
}
