/** Saves a Blob as a file through a temporary object URL (no server round trip). */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
