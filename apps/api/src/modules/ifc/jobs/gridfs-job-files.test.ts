import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import type { JobRecord } from '../../../store/types';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../../test/mongo-test-uri';
import { GridFsJobFiles, UPLOADS_BUCKET } from './gridfs-job-files';

const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`GridFS job files: skipped — ${mongoSkipReason}`);

const CHUNK = 256 * 1024;
const SIZE = 5 * 1024 * 1024 + 12_345;

const jobOf = (filePath: string, id = `job_${crypto.randomUUID().slice(0, 8)}`): JobRecord => ({
  id,
  projectId: 'proj_a',
  ownerId: null,
  status: 'processing',
  version: 2,
  filePath,
  error: null,
  createdAt: new Date().toISOString(),
  startedAt: null,
  finishedAt: null,
  durationMs: null,
});

describeMongo('GridFS job files (instances share uploads through MongoDB)', () => {
  let conn: mongoose.Connection;
  let db: mongoose.mongo.Db;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-gridfs-'));
    dirs.push(dir);
    return dir;
  };
  /** A received upload: a temp file of SIZE random bytes, as the receiver leaves it. */
  const receivedUpload = (dir: string) => {
    const file = path.join(dir, 'upload.part');
    const bytes = crypto.randomBytes(SIZE);
    fs.writeFileSync(file, bytes);
    return { file, digest: crypto.createHash('sha256').update(bytes).digest('hex') };
  };
  const digestOf = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const storedFiles = () => db.collection(`${UPLOADS_BUCKET}.files`).find({}).toArray();

  beforeAll(async () => {
    conn = await mongoose.createConnection(mongoTestUri!, { dbName: uniqueDbName('aec_gridfs') }).asPromise();
    db = conn.db!;
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await db.collection(`${UPLOADS_BUCKET}.files`).deleteMany({});
    await db.collection(`${UPLOADS_BUCKET}.chunks`).deleteMany({});
  });

  it('streams an upload placed on instance A into GridFS chunk by chunk, and instance B gets it byte for byte', async () => {
    const dirA = tempDir();
    const dirB = tempDir();
    const a = new GridFsJobFiles(db, dirA, { chunkSizeBytes: CHUNK, readHighWaterMark: 64 * 1024 });
    const b = new GridFsJobFiles(db, dirB, { chunkSizeBytes: CHUNK });
    const { file, digest } = receivedUpload(dirA);
    const readWhole = [jest.spyOn(fs, 'readFileSync'), jest.spyOn(fs.promises, 'readFile')];

    const filePath = await a.place(file, { projectId: 'proj_a', version: 2, firstOfProject: false });
    expect(readWhole.every((spy) => spy.mock.calls.length === 0)).toBe(true);
    jest.restoreAllMocks();

    expect(filePath).toMatch(/^gridfs:[0-9a-f]{24}$/);
    // The temp file is consumed, and A keeps nothing of its own: the job does not depend on A's disk.
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dirA)).toEqual([]);
    const [stored] = await storedFiles();
    expect(stored).toMatchObject({ length: SIZE, metadata: { projectId: 'proj_a', version: 2 } });
    const chunks = await db.collection(`${UPLOADS_BUCKET}.chunks`).countDocuments({ files_id: stored!._id });
    expect(chunks).toBe(Math.ceil(SIZE / CHUNK));

    const job = jobOf(filePath);
    const copy = await b.localCopy({ ...job, attempt: 3 } as JobRecord);
    expect(copy.path).toBe(path.join(dirB, 'work', `${job.id}-3.ifc`));
    expect(digestOf(copy.path)).toBe(digest);
    await copy.release();
    expect(fs.existsSync(copy.path)).toBe(false);
    // Releasing the copy leaves the stored file for another attempt.
    expect(await storedFiles()).toHaveLength(1);
  });

  it.each(['ready', 'failed', 'cancelled'] as const)(
    'removes the GridFS file when its job ends %s',
    async (status) => {
      const dir = tempDir();
      const files = new GridFsJobFiles(db, dir);
      const filePath = await files.place(receivedUpload(dir).file, {
        projectId: 'proj_a',
        version: 1,
        firstOfProject: true,
      });
      await files.jobEnded({ ...jobOf(filePath), status });
      expect(await storedFiles()).toEqual([]);
      expect(await db.collection(`${UPLOADS_BUCKET}.chunks`).countDocuments({})).toBe(0);
      // Ending twice (a re-run after a lost lease) is not an error.
      await expect(files.jobEnded({ ...jobOf(filePath), status })).resolves.toBeUndefined();
    },
  );

  it('a job whose file is gone fails with a clear message and leaves no partial copy', async () => {
    const dir = tempDir();
    const files = new GridFsJobFiles(db, dir);
    const job = jobOf(`gridfs:${new mongoose.mongo.ObjectId().toHexString()}`);
    await expect(files.localCopy(job)).rejects.toThrow(/no longer stored/);
    expect(fs.readdirSync(path.join(dir, 'work'))).toEqual([]);
  });

  it('removes the files of a deleted version or project, and no other project’s', async () => {
    const dir = tempDir();
    const files = new GridFsJobFiles(db, dir);
    const put = (projectId: string, version: number) => {
      const file = path.join(dir, `${projectId}-${version}.part`);
      fs.writeFileSync(file, `ISO-10303-21; ${projectId} ${version}`);
      return files.place(file, { projectId, version, firstOfProject: version === 1 });
    };
    await put('proj_a', 1);
    await put('proj_a', 2);
    await put('proj_b', 1);
    await files.removeVersion('proj_a', { modelId: 'proj_a', version: 2, number: 2 });
    const left = async () =>
      (await storedFiles()).map((f) => `${f.metadata.projectId}.${f.metadata.version}`).sort();
    expect(await left()).toEqual(['proj_a.1', 'proj_b.1']);
    await files.removeProject('proj_a');
    expect(await left()).toEqual(['proj_b.1']);
  });
});
