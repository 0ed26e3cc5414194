import { formatRate, formatTimeLeft, RateMeter, uploadSentText } from './upload-rate';

const MB = 1024 * 1024;

describe('upload progress wording', () => {
  it('states the rate in MB/s, or KB/s below one MB/s', () => {
    expect(formatRate(2.45 * MB)).toBe('2.5 MB/s');
    expect(formatRate(MB)).toBe('1.0 MB/s');
    expect(formatRate(512 * 1024)).toBe('512 KB/s');
  });

  it('states the time left rounded up, in s, min or h', () => {
    expect(formatTimeLeft(0.2)).toBe('1 s left');
    expect(formatTimeLeft(7.1)).toBe('8 s left');
    expect(formatTimeLeft(185)).toBe('3 min 05 s left');
    expect(formatTimeLeft(4320)).toBe('1 h 12 min left');
  });

  it('says bytes sent of the total, then rate and time left once the rate is known', () => {
    expect(uploadSentText({ loaded: 0, total: 40 * MB, bytesPerSecond: null })).toBe(
      '0 Bytes of 40.00 MB sent · measuring speed…',
    );
    expect(uploadSentText({ loaded: 12.5 * MB, total: 40 * MB, bytesPerSecond: 2.5 * MB })).toBe(
      '12.50 MB of 40.00 MB sent · 2.5 MB/s · 11 s left',
    );
    expect(uploadSentText({ loaded: 40 * MB, total: 40 * MB, bytesPerSecond: 2.5 * MB })).toBe(
      '40.00 MB of 40.00 MB sent · waiting for the server',
    );
  });
});

describe('RateMeter', () => {
  it('measures over its recent window, so an early burst does not hold the rate up', () => {
    const meter = new RateMeter(3000);
    expect(meter.add(0, 0)).toBeNull();
    expect(meter.add(1000, 8 * MB)).toBe(8 * MB); // burst while the socket buffer fills
    meter.add(4000, 11 * MB);
    meter.add(5000, 12 * MB);
    // The last 3 s sent 1 MB/s: the burst has left the window.
    expect(meter.add(7000, 14 * MB)).toBe(MB);
  });
});
