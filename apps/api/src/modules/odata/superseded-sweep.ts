import type { Logger } from 'pino';
import type { Store } from '../../store/types';

/** How often the sweep looks for snapshot windows that ended: often enough to free rows soon after. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The server's periodic pass that prunes, under the projects' retention, the superseded versions whose snapshot
 * window ended (issue 19.2): publishing keeps them for page links begun on them, so nothing else removes them
 * later. Each pass is one bounded store call; a pass never overlaps the previous one, and stop() waits for it.
 */
export function startSupersededSweep(
  store: Pick<Store, 'pruneSuperseded'>,
  logger: Logger,
  intervalMs = SWEEP_INTERVAL_MS,
) {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = store
      .pruneSuperseded()
      .then((pruned) => {
        if (pruned)
          logger.info({ versions: pruned }, 'pruned superseded versions after their snapshot window');
      })
      .catch((err: unknown) => logger.error({ err }, 'pruning superseded versions failed'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
