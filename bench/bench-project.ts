import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher';
import type { Store } from '../apps/api/src/store/types';

/** The benchmark's reader (who signs in as bench_reader / secret12) and its private project, at a fresh version. */
export async function createBenchProject(store: Store, projectId: string): Promise<{ version: number }> {
  const user = await store.users.create({
    username: 'bench_reader',
    email: 'bench_reader@example.com',
    passwordHash: await createPasswordHasher(10).hash('secret12'),
  });
  await store.projects.create({
    id: projectId,
    ownerId: user.id,
    isPublic: false,
    name: 'Bench',
    fileName: 'bench.ifc',
    fileSize: 0,
    schema: 'IFC4',
  });
  return { version: await store.projects.nextVersion(projectId) };
}

/** The element types of the benchmark model, row i having type i % 8 (both seeds). */
export const BENCH_TYPES = [
  'IfcWall',
  'IfcSlab',
  'IfcWindow',
  'IfcDoor',
  'IfcBeam',
  'IfcColumn',
  'IfcSpace',
  'IfcFurniture',
];
