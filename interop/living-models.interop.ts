import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { generateIfcFixture } from '../packages/ifc/src/generate/generate-model';
import { generateIfcRevision } from '../packages/ifc/src/generate/generate-revision';
import type { RevisionManifest } from '../packages/ifc/src/generate/revision-types';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import {
  createAccount,
  startServer,
  upperCaseCounts,
  uploadIfc,
  type Account,
  type RunningServer,
} from './support/api-session';
import {
  describeClientsReadEverySet,
  referenceFor,
  referenceLine,
  waitForWideSet,
  type Reference,
} from './support/client-reads';
import { readAllPages } from './support/feed-reader';
import { addModel, addVersion, projectModels, renameModel, waitForChanges } from './support/models-session';
import { loadExpectedCounts, SAMPLES_DIR, samplesSkipReason } from './support/paths';

// Two discipline models of one building, different schemas and a unicode file; names with non-ASCII text.
const ARCHITECTURE = { file: 'wifc_AC20-FZK-Haus.ifc', name: 'Architektur – Ansicht' };
const STRUCTURE = { file: 'osb_ac16_unicode.ifc', name: 'Tragwerk (Ünïcödé)' };
// Small pages, so the change sets (about a hundred rows) span several pages for every client.
const PAGE_SIZE = 40;
const MODEL_SETS = ['Models', 'Versions', 'IFCChanges', 'IFCPropertyChanges'];
const ROOT_SETS = ['Projects', 'IFCElements', 'IFCProperties', 'IFCSpatialStructure', ...MODEL_SETS];
const PROJECT_SETS = [...ROOT_SETS, 'IFCElementsWide'];
const GENERATED = { storeys: 3, bays: 4, seed: 9 };
const REVISION = { added: 20, removed: 15, modified: 60, seed: 4 };
const expected = loadExpectedCounts();

function countBy<T>(rows: T[], key: (row: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) out[key(row)] = (out[key(row)] ?? 0) + 1;
  return out;
}

if (!expected) {
  describeSkipped('Living models read by Olingo and ts-odatajs', samplesSkipReason);
} else {
  describe('Living models: a federated project of two samples and a versioned model, read by real OData clients', () => {
    let tmp: string;
    let server: RunningServer;
    let account: Account;
    let serviceRoot: string;
    let federatedRoot: string;
    let federatedId: string;
    let modelIds: { architecture: string; structure: string };
    let manifest: RevisionManifest;
    let service: Reference;
    let federated: Reference;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-interop-models-'));
      server = await startServer({ DATA_DIR: tmp, ODATA_PAGE_SIZE: String(PAGE_SIZE) });
      account = await createAccount(server.baseUrl, `models_${randomBytes(3).toString('hex')}`);
      const base = server.baseUrl;

      const first = await uploadIfc(base, account, path.join(SAMPLES_DIR, ARCHITECTURE.file));
      expect(first.success).toBe(true);
      federatedId = first.projectId;
      await renameModel(base, account, federatedId, federatedId, ARCHITECTURE.name);
      const added = await addModel(
        base,
        account,
        federatedId,
        path.join(SAMPLES_DIR, STRUCTURE.file),
        STRUCTURE.name,
      );
      modelIds = { architecture: federatedId, structure: added.modelId };

      const generated = generateIfcFixture(GENERATED);
      const revision = generateIfcRevision(GENERATED, REVISION);
      manifest = revision.manifest;
      const versioned = await uploadIfc(base, account, writeTemp(tmp, 'office.ifc', generated.text));
      await addVersion(
        base,
        account,
        versioned.projectId,
        versioned.projectId,
        writeTemp(tmp, 'office.ifc', revision.text),
      );
      await waitForChanges(base, account, versioned.projectId);

      serviceRoot = `${base}/api/ifc/odata/`;
      federatedRoot = `${serviceRoot}projects/${federatedId}/`;
      await waitForWideSet(federatedRoot, account.basic);
      service = await referenceFor(serviceRoot, account.basic, ROOT_SETS);
      federated = await referenceFor(federatedRoot, account.basic, PROJECT_SETS);
    }, 300_000);

    afterAll(async () => {
      if (service && federated) {
        console.log(
          `[interop] living models (page size ${PAGE_SIZE}):\n  service root: ${referenceLine(service)}\n  federated project: ${referenceLine(federated)}`,
        );
      }
      await server?.stop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('the federated project serves both samples, told apart by ModelName, with each sample’s exact counts', async () => {
      interface Row {
        ModelId: string;
        ModelName: string;
        VersionNumber: number;
        IfcType: string;
      }
      const { rows } = await readAllPages<Row>(`${federatedRoot}IFCElements`, account.basic);
      const byModel = countBy(rows, (r) => `${r.ModelId}|${r.ModelName}|${r.VersionNumber}`);
      expect(byModel).toEqual({
        [`${modelIds.architecture}|${ARCHITECTURE.name}|1`]: expected[ARCHITECTURE.file]!.totalProducts,
        [`${modelIds.structure}|${STRUCTURE.name}|1`]: expected[STRUCTURE.file]!.totalProducts,
      });
      for (const [model, sample] of [
        [ARCHITECTURE.name, ARCHITECTURE.file],
        [STRUCTURE.name, STRUCTURE.file],
      ] as const) {
        const types = countBy(
          rows.filter((r) => r.ModelName === model),
          (r) => r.IfcType,
        );
        expect(upperCaseCounts(types)).toEqual(expected[sample]!.productCountsByType);
      }
      const models = await projectModels(server.baseUrl, account, federatedId);
      expect(models.models.map((m) => m.name)).toEqual([ARCHITECTURE.name, STRUCTURE.name]);
      expect(federated.counts.Models).toBe(2);
      expect(federated.counts.Versions).toBe(2);
      // first versions of both models: nothing to compare with
      expect(federated.counts.IFCChanges).toBe(0);
    });

    it('the versioned project publishes exactly the generator’s changes in IFCChanges and IFCPropertyChanges', async () => {
      const changes = await readAllPages<{ ChangeType: string }>(`${serviceRoot}IFCChanges`, account.basic);
      expect(countBy(changes.rows, (r) => r.ChangeType)).toEqual({
        Added: manifest.added,
        Removed: manifest.removed,
        Modified: manifest.modified,
      });
      expect(service.counts.IFCPropertyChanges).toBe(manifest.propertyValuesChanged);
      expect(service.counts.Models).toBe(3);
      expect(service.counts.Versions).toBe(4);
      // the point of this suite is paging: the change sets must span several pages
      expect(service.pages.IFCChanges).toBe(Math.ceil(service.counts.IFCChanges! / PAGE_SIZE));
      expect(service.pages.IFCChanges).toBeGreaterThan(2);
    });

    describeClientsReadEverySet(
      'Models, Versions, IFCChanges, IFCPropertyChanges and every other set paged to the end, counts exact',
      [
        ['service root', () => serviceRoot, () => service, ROOT_SETS],
        ['federated project root', () => federatedRoot, () => federated, PROJECT_SETS],
      ],
      () => account,
    );
  });
}

function writeTemp(dir: string, name: string, text: string): string {
  const sub = fs.mkdtempSync(path.join(dir, 'model-'));
  const file = path.join(sub, name);
  fs.writeFileSync(file, text, 'latin1');
  return file;
}
