import { fileOverLimitMessage, uploadLimitsOf, uploadLimitText, uploadLimitWords } from './upload-limits';

describe('upload limits', () => {
  it('states the default as the spec does and larger limits in GB', () => {
    expect(uploadLimitText(100)).toBe('100MB');
    expect(uploadLimitText(0.05)).toBe('0.05MB');
    expect(uploadLimitText(1000)).toBe('1000MB');
    expect(uploadLimitText(1024)).toBe('1GB');
    expect(uploadLimitText(2560)).toBe('2.5GB');
    expect(uploadLimitText(10240)).toBe('10GB');
  });

  it('states it with a space in running text', () => {
    expect(uploadLimitWords(100)).toBe('100 MB');
    expect(uploadLimitWords(0.05)).toBe('0.05 MB');
    expect(uploadLimitWords(2560)).toBe('2.5 GB');
    expect(uploadLimitWords(10240)).toBe('10 GB');
    expect(fileOverLimitMessage(uploadLimitWords(100))).toBe('The file is larger than the 100 MB limit.');
  });

  it('turns MB into the byte count the server enforces', () => {
    expect(uploadLimitsOf(100)).toEqual({ maxUploadMb: 100, maxUploadBytes: 104_857_600 });
    expect(uploadLimitsOf(10240).maxUploadBytes).toBe(10 * 1024 ** 3);
  });
});
