import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { errorHandler } from './error-handler';
import { isStoreUnavailable } from './store-unavailable';

const { MongoNetworkError, MongoServerError, MongoServerSelectionError } = mongoose.mongo;

/** An error as libsql throws it: an Error with SQLite's code name. */
const sqliteError = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('a database that cannot serve the request now', () => {
  it('is told apart from a bug and from a request the database refuses', () => {
    // SQLite still locked after the busy timeout
    expect(isStoreUnavailable(sqliteError('SQLITE_BUSY'))).toBe(true);
    expect(isStoreUnavailable(sqliteError('SQLITE_LOCKED'))).toBe(true);
    // MongoDB unreachable, or answering with a code or label its driver retries a write on
    expect(isStoreUnavailable(new MongoNetworkError('connection reset'))).toBe(true);
    const selection = new MongoServerSelectionError('no primary', {
      type: 'ReplicaSetNoPrimary',
    } as unknown as ConstructorParameters<typeof MongoServerSelectionError>[1]);
    expect(isStoreUnavailable(selection)).toBe(true);
    expect(isStoreUnavailable(new MongoServerError({ code: 10107, errmsg: 'not primary' }))).toBe(true);
    const labelled = new MongoServerError({ code: 1, errmsg: 'x', errorLabels: ['RetryableWriteError'] });
    expect(isStoreUnavailable(labelled)).toBe(true);
    const buffering = Object.assign(
      new Error('Operation `jobs.insertOne()` buffering timed out after 10000ms'),
      {
        name: 'MongooseError',
      },
    );
    expect(isStoreUnavailable(buffering)).toBe(true);

    // what a retry would not change: a duplicate key, a constraint, a full disk (507 elsewhere), a bug
    expect(isStoreUnavailable(new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key' }))).toBe(
      false,
    );
    expect(isStoreUnavailable(sqliteError('SQLITE_CONSTRAINT'))).toBe(false);
    expect(isStoreUnavailable(sqliteError('SQLITE_BUSY_SNAPSHOT'))).toBe(false);
    expect(isStoreUnavailable(sqliteError('SQLITE_FULL'))).toBe(false);
    expect(isStoreUnavailable(Object.assign(new Error('disk'), { code: 'ENOSPC' }))).toBe(false);
    expect(isStoreUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isStoreUnavailable(Object.assign(new Error('x'), { name: 'MongooseError' }))).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
    expect(isStoreUnavailable('SQLITE_BUSY')).toBe(false);
  });

  it('answers 503 with Retry-After, where a bug answers 500', async () => {
    const app = express();
    app.get('/busy', () => {
      throw sqliteError('SQLITE_BUSY');
    });
    app.get('/primary', async () => {
      throw new MongoServerError({ code: 189, errmsg: 'primary stepped down' });
    });
    app.get('/bug', () => {
      throw new TypeError('bug');
    });
    app.use(errorHandler);
    for (const path of ['/busy', '/primary']) {
      const res = await request(app).get(path).expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({
        error: 'The database cannot serve this request right now. Please try again in a few seconds.',
        code: 'STORE_UNAVAILABLE',
      });
    }
    const bug = await request(app).get('/bug').expect(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    expect(bug.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
  });
});
