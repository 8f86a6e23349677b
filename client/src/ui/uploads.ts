// Files chosen for upload wait here under a key, so actions and the store stay serialisable.
const files = new Map<string, File>();
let seq = 0;

export function stashFile(file: File): string {
  const key = `f${++seq}`;
  files.set(key, file);
  return key;
}

/** Returns the file once and forgets it. */
export function takeFile(key: string): File | undefined {
  const f = files.get(key);
  files.delete(key);
  return f;
}

/** Saves a downloaded blob under its name (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
