import { vi } from 'vitest';

/** A file the app handed the browser to save: its name and contents. */
export type SavedFile = { name: string; blob: Blob };

/**
 * Catches the files the app saves (an object URL clicked as a download link) instead of the
 * browser saving them; call in a test, the spies go with `vi.restoreAllMocks`.
 */
export function catchDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

/** A file answer as the server writes it: no envelope, a Content-Disposition naming it. */
export function fileAnswer(body: string, type: string, name: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
