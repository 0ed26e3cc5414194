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
