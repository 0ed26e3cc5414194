/**
 * Hands a fetched file to the browser as a download. Files that need the bearer header (CSV, .pbids, .tds)
 * cannot be plain links, so they are read as blobs and saved through a temporary object URL.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download (Chromium starts it after click() returns); a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
