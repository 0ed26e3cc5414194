import type { Logger } from 'pino';
import type { Store } from '../../store/types';
import { withLock } from '../../store/mongo/start-up-lock';

/** How often the sweep looks for snapshot windows that ended: often enough to free rows soon after. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The server's periodic pass that prunes, under the projects' retention, the superseded versions whose snapshot
 * window ended (issue 19.2): publishing keeps them for page links begun on them, so nothing else removes them
 * later. Each pass is one bounded store call; a pass never overlaps the previous one, and stop() waits for it.
 * On MongoDB every processing instance runs this timer, so each pass holds the `superseded-sweep` lock: the
 * instances' passes take turns instead of pruning the same versions in parallel (issue 16).
 */
export function startSupersededSweep(
  store: Pick<Store, 'pruneSuperseded' | 'mongoDb'>,
  logger: Logger,
  intervalMs = SWEEP_INTERVAL_MS,
) {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    const prune = () => store.pruneSuperseded();
    running = (store.mongoDb ? withLock(store.mongoDb, 'superseded-sweep', prune) : prune())
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
