/** Delays before a retry that a shutdown cuts short: `pause(ms)` resolves after `ms`, or at once on `cutShort()`. */
export interface StoppablePauses {
  pause(ms: number): Promise<void>;
  /** Resolves every pause now waiting (a pause begun afterwards waits its full time). */
  cutShort(): void;
}

export function createStoppablePauses(): StoppablePauses {
  const waits = new Set<() => void>();
  return {
    pause(ms) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waits.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waits.add(done);
      });
    },
    cutShort() {
      for (const done of [...waits]) done();
    },
  };
}
