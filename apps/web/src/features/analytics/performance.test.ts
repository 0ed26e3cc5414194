import { throughput } from './performance';

describe('throughput', () => {
  it('gives elements per second, or a dash without a job time', () => {
    expect(throughput(12_000, 4000)).toBe('3,000');
    expect(throughput(5, null)).toBe('—');
    expect(throughput(5, 0)).toBe('—');
  });
});
