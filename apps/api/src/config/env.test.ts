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
    });
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.MONGODB_URI).toBeUndefined();
  });

  it('accepts the two extractors and names any other', () => {
    expect(parseConfig({ IFC_EXTRACTOR: 'web-ifc' }).IFC_EXTRACTOR).toBe('web-ifc');
    expect(() => parseConfig({ IFC_EXTRACTOR: 'ifcopenshell' })).toThrow(/IFC_EXTRACTOR/);
  });

  it('accepts an upload limit up to 10240 MB and refuses more with a clear message', () => {
    expect(parseConfig({ MAX_UPLOAD_MB: '10240' }).MAX_UPLOAD_MB).toBe(10240);
    expect(parseConfig({ MAX_UPLOAD_MB: '2500.5' }).MAX_UPLOAD_MB).toBe(2500.5);
    expect(() => parseConfig({ MAX_UPLOAD_MB: '10241' })).toThrow(
      /MAX_UPLOAD_MB: must be at most 10240 \(10 GB\)/,
    );
    expect(() => parseConfig({ MAX_UPLOAD_MB: '0' })).toThrow(/MAX_UPLOAD_MB: must be a positive number of MB/);
    expect(() => parseConfig({ MAX_UPLOAD_MB: 'lots' })).toThrow(/MAX_UPLOAD_MB/);
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
  });
});
