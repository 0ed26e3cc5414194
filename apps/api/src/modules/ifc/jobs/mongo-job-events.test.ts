import mongoose from 'mongoose';
import pino from 'pino';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../../test/mongo-test-uri';
import { readStream, streamServer } from '../../../test/job-event-stream-server';
import { JOB_EVENTS_COLLECTION, KEEP_RUNNING_MS, MongoJobEvents, type JobEventDoc } from './mongo-job-events';

const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`MongoDB job events: skipped — ${mongoSkipReason}`);

const silent = pino({ level: 'silent' });
let jobCounter = 0;
const newJobId = () => `job_${process.pid}_${++jobCounter}_${Math.random().toString(36).slice(2, 8)}`;

describeMongo('MongoDB job events (the log every instance reads)', () => {
  let conn: mongoose.Connection;
  let db: mongoose.mongo.Db;
  beforeAll(async () => {
    conn = await mongoose.createConnection(mongoTestUri!, { dbName: uniqueDbName('aec_events') }).asPromise();
    db = conn.db!;
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });
  const docs = (jobId: string) =>
    db.collection<JobEventDoc>(JOB_EVENTS_COLLECTION).find({ jobId }).sort({ id: 1 }).toArray();

  it('streams from instance B, in order and to the outcome, what instance A writes; Last-Event-ID resumes', async () => {
    const a = new MongoJobEvents(db, silent, { pollMs: 50 });
    const b = new MongoJobEvents(db, silent, { pollMs: 50 });
    const server = await streamServer(b);
    try {
      const jobId = newJobId();
      a.append(jobId, { message: 'Received model.ifc', type: 'success', category: 'upload', progress: 10 });
      a.append(jobId, { message: 'Queued for processing', type: 'info', category: 'upload', progress: 10 });
      await a.flushed();
      const live = readStream(`${server.url}/jobs/${jobId}/events`);
      a.append(jobId, { message: 'Processing started', type: 'info', category: 'parse', progress: 15 });
      a.append(jobId, { message: 'Parsed', type: 'info', category: 'parse', progress: 25 });
      a.finish(jobId, 'complete', { message: 'Processing complete', type: 'success', category: 'complete' });
      expect(await live).toEqual([
        { event: 'log', id: 1, message: 'Received model.ifc' },
        { event: 'log', id: 2, message: 'Queued for processing' },
        { event: 'log', id: 3, message: 'Processing started' },
        { event: 'log', id: 4, message: 'Parsed' },
        { event: 'complete', id: 5, message: 'Processing complete' },
      ]);
      expect(await readStream(`${server.url}/jobs/${jobId}/events`, 3)).toEqual([
        { event: 'log', id: 4, message: 'Parsed' },
        { event: 'complete', id: 5, message: 'Processing complete' },
      ]);
      const outcome = await b.outcome(jobId);
      expect(outcome).toMatchObject({ kind: 'complete', entry: { id: 5, message: 'Processing complete' } });
      // An entry without progress is sent without it (not as null).
      expect(outcome!.entry).not.toHaveProperty('progress');
    } finally {
      await server.close();
    }
  });

  it('keeps ids unique, gap-free and in each writer’s order when two instances write one job at once', async () => {
    const a = new MongoJobEvents(db, silent);
    const b = new MongoJobEvents(db, silent);
    const jobId = newJobId();
    for (let i = 0; i < 12; i++) {
      a.append(jobId, { message: `a${i}`, type: 'info' });
      b.append(jobId, { message: `b${i}`, type: 'info' });
    }
    await Promise.all([a.flushed(), b.flushed()]);
    const stored = await docs(jobId);
    expect(stored.map((d) => d.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    const order = (prefix: string) => stored.map((d) => d.message).filter((m) => m.startsWith(prefix));
    expect(order('a')).toEqual(Array.from({ length: 12 }, (_, i) => `a${i}`));
    expect(order('b')).toEqual(Array.from({ length: 12 }, (_, i) => `b${i}`));
  });

  it('lets MongoDB expire a log: a day while the job runs, 30 minutes for the whole log once it ends', async () => {
    const events = new MongoJobEvents(db, silent);
    const jobId = newJobId();
    events.append(jobId, { message: 'Processing started', type: 'info' });
    await events.flushed();
    const before = Date.now();
    const [running] = await docs(jobId);
    expect(running!.expiresAt.getTime()).toBeGreaterThan(before + KEEP_RUNNING_MS - 60 * 60_000);
    events.finish(jobId, 'error', { message: 'Processing failed', type: 'error', category: 'complete' });
    await events.flushed();
    const ended = await docs(jobId);
    expect(ended.map((d) => d.outcome ?? null)).toEqual([null, 'error']);
    for (const doc of ended) {
      expect(doc.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
      expect(doc.expiresAt.getTime()).toBeGreaterThan(before + 25 * 60_000);
    }
    // MongoDB drops expired entries by its TTL index; where the server has none (FerretDB) the instance sweeps them.
    const indexes = await db.collection(JOB_EVENTS_COLLECTION).indexes();
    const ttl = indexes.some((i) => i.key.expiresAt === 1 && i.expireAfterSeconds === 0);
    expect(ttl || events.sweepsExpired).toBe(true);
    expect(await events.removeExpired(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(2);
    expect(await docs(jobId)).toEqual([]);
    events.close();
  });

  it('answers the final state of an ended job whose log has expired', async () => {
    const server = await streamServer(new MongoJobEvents(db, silent), 'ready');
    try {
      expect(await readStream(`${server.url}/jobs/${newJobId()}/events`)).toEqual([
        { event: 'complete', id: 'end', message: 'Job is ready' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('logs a write that fails instead of throwing into the job', async () => {
    const closed = await mongoose
      .createConnection(mongoTestUri!, { dbName: uniqueDbName('aec_closed') })
      .asPromise();
    const closedDb = closed.db!;
    await closed.close();
    const errors: unknown[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    const events = new MongoJobEvents(closedDb, logger);
    expect(() => events.append('job_x', { message: 'Processing started', type: 'info' })).not.toThrow();
    await events.flushed();
    expect(errors).toEqual([
      expect.objectContaining({ jobId: 'job_x', msg: 'could not store a job log entry' }),
    ]);
  });
});
