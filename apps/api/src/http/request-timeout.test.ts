import { MIN_REQUEST_TIMEOUT_MS, requestTimeoutMs } from './request-timeout';

const MB = 1024 * 1024;

describe('requestTimeoutMs (how long a request body may take to arrive)', () => {
  it('gives the largest upload allowed time to arrive at 256 KB/s (2 Mbit/s): 100 MB in 400 s, 10 GB in 11 h 23 min', () => {
    expect(requestTimeoutMs(100 * MB)).toBe(400_000);
    expect(requestTimeoutMs(10240 * MB)).toBe(40_960_000);
  });

  it("never waits less than Node's own 5 minutes", () => {
    expect(requestTimeoutMs(1 * MB)).toBe(MIN_REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs(0)).toBe(300_000);
  });
});
