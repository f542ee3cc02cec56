import { useCallback, useEffect, useRef, useState } from 'react';
import {
  dropped,
  enqueue,
  failed,
  finished,
  nextToUpload,
  progressed,
  retried,
  started,
  type QueuedUpload,
} from './upload-queue';

/** Uploads one file, reporting how much is sent (0 to 1). */
export type UploadFile = (file: File, onProgress: (sent: number) => void) => Promise<unknown>;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The picture could not be uploaded.';

/**
 * The upload queue of upload-queue.ts, run: files are added at any time (several at once, or
 * more while one uploads) and sent one after another with `upload`.
 */
export function useUploadQueue(upload: UploadFile) {
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  // The truth the running loop reads; the state is its copy for drawing.
  const current = useRef<QueuedUpload[]>([]);
  const files = useRef(new Map<number, File>());
  const lastId = useRef(0);
  const running = useRef(false);
  const uploadNow = useRef(upload);
  useEffect(() => {
    uploadNow.current = upload;
  }, [upload]);

  const change = useCallback((next: (queue: QueuedUpload[]) => QueuedUpload[]) => {
    current.current = next(current.current);
    setQueue(current.current);
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = nextToUpload(current.current); next; next = nextToUpload(current.current)) {
        const { id } = next;
        const file = files.current.get(id);
        if (!file) {
          change((queue) => dropped(queue, id));
          continue;
        }
        change((queue) => started(queue, id));
        try {
          await uploadNow.current(file, (sent) => change((queue) => progressed(queue, id, sent)));
          files.current.delete(id);
          change((queue) => finished(queue, id));
        } catch (error) {
          change((queue) => failed(queue, id, messageOf(error)));
        }
      }
    } finally {
      running.current = false;
    }
  }, [change]);

  const add = useCallback(
    (picked: FileList | File[]) => {
      const added = [...picked].map((file) => {
        lastId.current += 1;
        files.current.set(lastId.current, file);
        return { id: lastId.current, name: file.name };
      });
      change((queue) => enqueue(queue, added));
      void run();
    },
    [change, run],
  );
  const retry = useCallback(
    (id: number) => {
      change((queue) => retried(queue, id));
      void run();
    },
    [change, run],
  );
  const forget = useCallback(
    (id: number) => {
      files.current.delete(id);
      change((queue) => dropped(queue, id));
    },
    [change],
  );
  /** Takes the finished uploads off the list (the library shows them now). */
  const clearDone = useCallback(
    () => change((queue) => queue.filter((item) => item.state !== 'done')),
    [change],
  );
  const busy = queue.some((item) => item.state === 'waiting' || item.state === 'uploading');
  return { queue, add, retry, forget, clearDone, busy };
}
