const integer = new Intl.NumberFormat('en-US');
export const formatInteger = (value: number) => integer.format(value);

/** Bytes, KB, MB or GB with two decimals (spec §9 file size format). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
