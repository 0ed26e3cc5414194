import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB and GB with two decimals, 1024-based', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048.00 GB');
  });
});
