import pino from 'pino';
import { startSupersededSweep } from './superseded-sweep';

describe('superseded sweep', () => {
  it('calls the store once per interval, never two passes at once, and waits for the running pass on stop', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const store = {
      pruneSuperseded: () => {
        calls++;
        return new Promise<number>((resolve) => (release = () => resolve(1)));
      },
    };
    jest.useFakeTimers();
    try {
      const sweep = startSupersededSweep(store, pino({ level: 'silent' }), 1_000);
      jest.advanceTimersByTime(3_500);
      expect(calls).toBe(1);
      let stopped = false;
      const stopping = sweep.stop().then(() => (stopped = true));
      await Promise.resolve();
      expect(stopped).toBe(false);
      release();
      await stopping;
      jest.advanceTimersByTime(5_000);
      expect(calls).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
