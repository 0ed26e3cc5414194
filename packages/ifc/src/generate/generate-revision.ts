import { type Session, countsOf, startModel, streamModel } from './generate-model';
import {
  DEFAULT_STOREYS,
  GENERATED_NAMES,
  type GeneratedCounts,
  type GeneratorOptions,
} from './model-options';
import { Reviser } from './reviser';
import { planRevision } from './revision-plan';
import type { RevisionManifest, RevisionOptions } from './revision-types';

/** Revisions rewrite well-formed models: no injected faults, and a fixed storey count (no targetBytes). */
export type RevisionModelOptions = Omit<GeneratorOptions, 'faults'>;

function startRevision(options: RevisionModelOptions, revision: RevisionOptions) {
  const storeys = Math.max(1, options.storeys ?? DEFAULT_STOREYS);
  const bays = Math.max(1, options.bays ?? 4);
  const plan = planRevision(storeys, bays, revision);
  let reviser: Reviser | undefined;
  const session = startModel(options, (w) => {
    reviser = new Reviser(w, plan, options.schema !== 'IFC2X3', revision.seed ?? 1);
    return reviser;
  });
  if (!reviser) throw new Error('the revision writer was not attached');
  return { session, reviser, storeys };
}

function finishRevision(
  session: Session,
  reviser: Reviser,
  options: RevisionModelOptions,
  revision: RevisionOptions,
): { counts: GeneratedCounts; manifest: RevisionManifest } {
  const counts = countsOf(session, options);
  // moved elements are written in their old storey's section but belong to the new storey
  for (const { from, to } of reviser.moves) {
    const a = GENERATED_NAMES.storey(from);
    const b = GENERATED_NAMES.storey(to);
    counts.productsByStorey[a] = (counts.productsByStorey[a] ?? 0) - 1;
    counts.productsByStorey[b] = (counts.productsByStorey[b] ?? 0) + 1;
  }
  const changes = reviser.changes;
  const of = (type: string) => changes.filter((c) => c.changeType === type).length;
  const [added, removed, modified] = [of('Added'), of('Removed'), of('Modified')];
  return {
    counts,
    manifest: {
      seed: revision.seed ?? 1,
      baseProducts: counts.totalProducts - added + removed,
      revisedProducts: counts.totalProducts,
      added,
      removed,
      modified,
      propertyValuesChanged: changes.reduce((n, c) => n + c.propertyChanges.length, 0),
      commonElements: counts.totalProducts - added,
      changes,
    },
  };
}

/**
 * "Version 2" of generateIfcFixture(options): the same model (same options, same seed) with `revision.added`
 * elements added, `revision.removed` removed and `revision.modified` modified, plus the exact change list the
 * change computation must find. Unchanged elements keep their GlobalIds and their lines.
 */
export function generateIfcRevision(
  options: RevisionModelOptions,
  revision: RevisionOptions,
): { text: string; counts: GeneratedCounts; manifest: RevisionManifest } {
  const { session, reviser, storeys } = startRevision(options, revision);
  for (let i = 0; i < storeys; i++) session.storey();
  session.finish();
  const text = session.w.take();
  const { counts, manifest } = finishRevision(session, reviser, options, revision);
  return { text, counts: { ...counts, bytes: text.length }, manifest };
}

/** The streaming form of generateIfcRevision, for big models (pass the storey count writeIfcModel reported). */
export async function writeIfcRevision(
  target: NodeJS.WritableStream | string,
  options: RevisionModelOptions,
  revision: RevisionOptions,
): Promise<{ counts: GeneratedCounts; manifest: RevisionManifest }> {
  const { session, reviser, storeys } = startRevision(options, revision);
  await streamModel(target, session, () => session.storeyIds.length < storeys);
  return finishRevision(session, reviser, options, revision);
}
