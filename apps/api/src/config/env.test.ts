import path from 'node:path';
import { ConfigError, parseConfig } from './env';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 5000,
      HOST: '127.0.0.1',
      JWT_EXPIRES_IN: '7d',
      MAX_UPLOAD_MB: 100,
      BCRYPT_COST: 10,
      LOG_LEVEL: 'info',
      IFC_EXTRACTOR: 'step',
      IFC_SPARE_REHEARSAL: true,
    });
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.MONGODB_URI).toBeUndefined();
  });

  it('accepts the two extractors and names any other', () => {
    expect(parseConfig({ IFC_EXTRACTOR: 'web-ifc' }).IFC_EXTRACTOR).toBe('web-ifc');
    expect(() => parseConfig({ IFC_EXTRACTOR: 'ifcopenshell' })).toThrow(/IFC_EXTRACTOR/);
  });

  it('turns the spare worker rehearsal off with false or 0', () => {
    expect(parseConfig({ IFC_SPARE_REHEARSAL: 'false' }).IFC_SPARE_REHEARSAL).toBe(false);
    expect(parseConfig({ IFC_SPARE_REHEARSAL: '0' }).IFC_SPARE_REHEARSAL).toBe(false);
    expect(() => parseConfig({ IFC_SPARE_REHEARSAL: 'sometimes' })).toThrow(/IFC_SPARE_REHEARSAL/);
  });

  it('accepts an upload limit up to 10240 MB and refuses more with a clear message', () => {
    expect(parseConfig({ MAX_UPLOAD_MB: '10240' }).MAX_UPLOAD_MB).toBe(10240);
    expect(parseConfig({ MAX_UPLOAD_MB: '2500.5' }).MAX_UPLOAD_MB).toBe(2500.5);
    expect(() => parseConfig({ MAX_UPLOAD_MB: '10241' })).toThrow(
      /MAX_UPLOAD_MB: must be at most 10240 \(10 GB\)/,
    );
    expect(() => parseConfig({ MAX_UPLOAD_MB: '0' })).toThrow(
      /MAX_UPLOAD_MB: must be a positive number of MB/,
    );
    expect(() => parseConfig({ MAX_UPLOAD_MB: 'lots' })).toThrow(/MAX_UPLOAD_MB: must be a number$/m);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ MONGODB_URI: '', JWT_SECRET: '' }).MONGODB_URI).toBeUndefined();
  });

  it('names every bad key at once', () => {
    let error: ConfigError | undefined;
    try {
      parseConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        MONGODB_URI: 'http://x',
        LOG_LEVEL: 'loud',
        BCRYPT_COST: '4',
      });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = error!.problems.map((p) => p.split(':')[0]);
    expect(keys.sort()).toEqual(['BCRYPT_COST', 'JWT_SECRET', 'LOG_LEVEL', 'MONGODB_URI', 'PORT']);
    expect(error!.message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    // a setting that is not a number says so in plain words, not zod's "received NaN"
    expect(error!.problems).toContain('PORT: must be a number');
    expect(() => parseConfig({ PORT: '80.5' })).toThrow(/PORT: must be a whole number$/m);
  });
});

describe('instance role and identity (issue 16)', () => {
  it('defaults to ROLE=all with an instance id of host, pid and random hex', () => {
    const config = parseConfig({});
    expect(config.ROLE).toBe('all');
    expect(config.INSTANCE_ID).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{4}$`));
    expect(parseConfig({}).INSTANCE_ID).not.toBe(config.INSTANCE_ID);
  });

  it('keeps a given INSTANCE_ID and accepts the api and worker roles with MONGODB_URI', () => {
    const mongo = { MONGODB_URI: 'mongodb://db:27017/aec' };
    expect(parseConfig({ ...mongo, ROLE: 'api', INSTANCE_ID: 'api-é-1' })).toMatchObject({
      ROLE: 'api',
      INSTANCE_ID: 'api-é-1',
    });
    expect(parseConfig({ ...mongo, ROLE: 'worker' }).ROLE).toBe('worker');
  });

  it('refuses ROLE=api or worker without MONGODB_URI, naming the fix, and any other role', () => {
    for (const role of ['api', 'worker']) {
      expect(() => parseConfig({ ROLE: role })).toThrow(
        `ROLE: ROLE=${role} needs MONGODB_URI: the instances share their state through MongoDB`,
      );
    }
    expect(() => parseConfig({ ROLE: 'web', MONGODB_URI: 'mongodb://db/aec' })).toThrow(/ROLE/);
  });
});
