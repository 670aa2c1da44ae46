/** Hands a finished file to the browser's download, and lets go of its URL right after. */
export function downloadFile(parts: BlobPart[], fileName: string, type: string): void {
  const blob = new Blob(parts, { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
