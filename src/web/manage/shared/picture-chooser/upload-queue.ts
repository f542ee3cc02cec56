/**
 * The picture chooser's upload queue as plain state: files wait their turn and go one at a time,
 * so a second photo picked while the first uploads waits instead of racing it (two uploads to
 * one product read the same version and the second was refused as "changed by someone else";
 * one at a time also keeps the server's encoder to one photo per owner).
 */

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

export interface QueuedUpload {
  id: number;
  /** The file's name, as the owner picked it. */
  name: string;
  state: UploadState;
  /** How much of the file is sent, 0 to 1. */
  sent: number;
  /** Why it failed, in the server's words. */
  message?: string;
}

export function enqueue(queue: QueuedUpload[], files: { id: number; name: string }[]) {
  return [...queue, ...files.map((file): QueuedUpload => ({ ...file, state: 'waiting', sent: 0 }))];
}

/** The upload to start now: the first waiting one, when none is under way. */
export function nextToUpload(queue: QueuedUpload[]): QueuedUpload | undefined {
  if (queue.some((item) => item.state === 'uploading')) return undefined;
  return queue.find((item) => item.state === 'waiting');
}

const update = (queue: QueuedUpload[], id: number, change: Partial<QueuedUpload>) =>
  queue.map((item) => (item.id === id ? { ...item, ...change } : item));

export const started = (queue: QueuedUpload[], id: number) =>
  update(queue, id, { state: 'uploading', sent: 0 });
export const progressed = (queue: QueuedUpload[], id: number, sent: number) =>
  update(queue, id, { sent: Math.min(1, Math.max(0, sent)) });
export const finished = (queue: QueuedUpload[], id: number) =>
  update(queue, id, { state: 'done', sent: 1 });
export const failed = (queue: QueuedUpload[], id: number, message: string) =>
  update(queue, id, { state: 'failed', message });
/** A failed upload goes back in the queue, behind the ones waiting. */
export function retried(queue: QueuedUpload[], id: number): QueuedUpload[] {
  const item = queue.find((entry) => entry.id === id);
  if (!item) return queue;
  const again: QueuedUpload = { id, name: item.name, state: 'waiting', sent: 0 };
  return [...queue.filter((entry) => entry.id !== id), again];
}
export const dropped = (queue: QueuedUpload[], id: number) =>
  queue.filter((item) => item.id !== id);

/** What the owner reads beside each file. */
export function describeUpload(item: QueuedUpload): string {
  switch (item.state) {
    case 'waiting':
      return 'Waiting for the upload before it';
    case 'uploading':
      // Sent in full: the server is making its sizes, which takes a few seconds for a photo.
      return item.sent < 1
        ? `Uploading, ${Math.round(item.sent * 100)}% sent`
        : 'Sent; making its sizes…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return `Not uploaded: ${item.message ?? 'something went wrong'}`;
  }
}
