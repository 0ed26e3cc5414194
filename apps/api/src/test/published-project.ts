import { randomUUID } from 'node:crypto';
import type { ElementRow } from '@aec/ifc';
import type { Store } from '../store/types';

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
