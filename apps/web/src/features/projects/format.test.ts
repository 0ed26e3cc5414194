import { formatFileSize } from './format';

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB and GB with two decimals', () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
  });
});
