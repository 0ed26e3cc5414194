import { randomUUID } from 'node:crypto';
import type { ElementRow } from '@aec/ifc';
import type { Store } from '../store/types';
import { propertyRow, spatialRow } from './row-fixtures';

/** A private project of `ownerId` whose first version, holding `elements`, is published; resolves to its id. */
export async function publishedProject(
  store: Store,
  ownerId: string,
  elements: ElementRow[],
): Promise<string> {
  const id = `p_${randomUUID()}`;
  await store.projects.create({
    id,
    ownerId,
    isPublic: false,
    name: 'Fixture',
    fileName: 'fixture.ifc',
    fileSize: 1,
    schema: 'IFC4',
  });
  const version = await store.projects.nextVersion(id);
  await store.rows.insertBatch(id, version, { elements });
  await store.projects.publish(id, version, {
    schema: 'IFC4',
    elementCount: elements.length,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
  });
  return id;
}

/** Publishes a new version of the project's default model holding `elements` (and a property and storey row). */
export async function publishVersion(store: Store, projectId: string, elements: ElementRow[], tag: string) {
  const v = await store.models.createVersion({
    projectId,
    modelId: projectId,
    fileName: `${tag}.ifc`,
    fileSize: 1,
    uploaderId: null,
    schema: 'IFC4',
  });
  const context = {
    modelId: projectId,
    modelName: 'Fixture',
    versionNumber: v.number,
    changedAt: v.createdAt,
  };
  for (let i = 0; i < elements.length; i += 10_000) {
    await store.rows.insertBatch(projectId, v.version, { elements: elements.slice(i, i + 10_000) }, context);
  }
  await store.rows.insertBatch(
    projectId,
    v.version,
    { properties: [propertyRow(1, { Value: tag })], spatial: [spatialRow(1, { Name: tag })] },
    context,
  );
  await store.projects.publish(projectId, v.version, {
    schema: 'IFC4',
    elementCount: elements.length,
    propertyCount: 1,
    spatialCount: 1,
    countsByType: {},
    countsByStorey: {},
  });
  return v;
}
