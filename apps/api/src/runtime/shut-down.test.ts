import { shutDown } from './shut-down';

const later = (ms: number, log: string[], name: string) => () =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      log.push(name);
      resolve();
    }, ms),
  );

describe('shutDown', () => {
  it('closes the store only after the work has stopped and the queued writes are stored', async () => {
    const log: string[] = [];
    await shutDown({
      work: [later(20, log, 'http'), later(5, log, 'processor'), () => undefined],
      // The job log's last entry is written behind the processor: it lands after the processor has closed.
      pending: [later(30, log, 'job log'), later(1, log, 'usage')],
      store: {
        close: async () => {
          log.push('store');
        },
      },
    });
    expect(log).toEqual(['processor', 'http', 'usage', 'job log', 'store']);
  });

  it('does not flush before the work has stopped: writes made while stopping are flushed too', async () => {
    const log: string[] = [];
    let queued = 0;
    await shutDown({
      work: [
        async () => {
          await new Promise((r) => setTimeout(r, 5));
          queued++; // e.g. "The server shut down during processing." appended while the processor closes
        },
      ],
      pending: [
        async () => {
          log.push(`flushed ${queued}`);
        },
      ],
      store: { close: async () => void log.push('store') },
    });
    expect(log).toEqual(['flushed 1', 'store']);
  });
});
