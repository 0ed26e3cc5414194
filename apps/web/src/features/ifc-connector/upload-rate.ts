import { formatFileSize } from '@aec/contracts';

/** Bytes sent so far of the file's total, and the recent sending rate (null until two samples exist). */
export type UploadSent = { loaded: number; total: number; bytesPerSecond: number | null };

/**
 * The recent upload rate over a sliding window, so that one slow or bursty progress event does not swing the time
 * left (browsers report upload progress unevenly: large bursts while the socket buffer fills, then pauses).
 */
export class RateMeter {
  private samples: { at: number; loaded: number }[] = [];
  constructor(private readonly windowMs = 3000) {}

  /** Records `loaded` bytes at `at` ms and answers the rate in bytes per second, or null while unknown. */
  add(at: number, loaded: number): number | null {
    this.samples.push({ at, loaded });
    while (this.samples.length > 2 && at - this.samples[1]!.at >= this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = at - first.at;
    return elapsed > 0 ? ((loaded - first.loaded) * 1000) / elapsed : null;
  }
}

/** "2.4 MB/s", "512 KB/s" (1024-based, as file sizes are shown). */
export function formatRate(bytesPerSecond: number): string {
  const mb = bytesPerSecond / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1)} MB/s`;
  return `${Math.round(bytesPerSecond / 1024)} KB/s`;
}

/** "8 s left", "3 min 05 s left", "1 h 12 min left": rounded up, never "0 s" while bytes remain. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s left`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s left`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min left`;
}

/** "12.50 MB of 40.00 MB sent · 2.4 MB/s · 12 s left" (rate and time once a rate is known). */
export function uploadSentText({ loaded, total, bytesPerSecond }: UploadSent): string {
  const sent = `${formatFileSize(loaded)} of ${formatFileSize(total)} sent`;
  if (loaded >= total) return `${sent} · waiting for the server`;
  if (!bytesPerSecond || bytesPerSecond <= 0) return `${sent} · measuring speed…`;
  return `${sent} · ${formatRate(bytesPerSecond)} · ${formatTimeLeft((total - loaded) / bytesPerSecond)}`;
}
