/**
 * "512 Bytes", "1.50 KB", "2.00 MB": 1024-based with two decimals (spec §9). Shared so the server's log lines
 * ("Received model.ifc (2.00 MB)") and the screens that show the same file agree to the last digit.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
