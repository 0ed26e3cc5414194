import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { mongoModelFixture } from '../../test/mongo-model-fixture';

/**
 * Deleting a project or a version with more row documents than FerretDB deletes in one statement (~32,000: one SQL
 * variable per document) must still remove them all. The documents are written directly (only their count and
 * keys matter here), in chunks, as fast as the server takes them.
 */
const title = 'MongoDB: deleting more rows than one server statement takes';
const ROWS = 33_000;

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const m = mongoModelFixture('aec_large_deletes');

    async function fillProperties(projectId: string, version: number): Promise<void> {
      const properties = m.conn.db!.collection('ifc_properties');
      for (let i = 0; i < ROWS; i += 5_000) {
        const chunk = Array.from({ length: Math.min(5_000, ROWS - i) }, (_, j) => ({
          projectId,
          version,
          Id: i + j + 1,
          ElementExpressId: 1,
          SetName: 'Pset_Ø',
          PropertyName: 'p',
          Value: 'v',
        }));
        await properties.insertMany(chunk);
      }
    }
    const remaining = (projectId: string) =>
      m.conn.db!.collection('ifc_properties').countDocuments({ projectId });

    it(`deleting a project with ${ROWS} property rows removes every one`, async () => {
      const project = await m.newProject('Groß');
      await fillProperties(project.id, 1);
      expect(await remaining(project.id)).toBe(ROWS);
      await m.store.projects.delete(project.id);
      expect(await remaining(project.id)).toBe(0);
    }, 180_000);

    it(`deleting a version with ${ROWS} property rows removes every one and nothing of another version`, async () => {
      const project = await m.newProject('Groß 2');
      await fillProperties(project.id, 7);
      await m.conn.db!.collection('ifc_properties').insertOne({ projectId: project.id, version: 8, Id: 1 });
      await m.store.rows.deleteVersion(project.id, 7);
      expect(await remaining(project.id)).toBe(1);
    }, 180_000);
  });
