import { describe, expect, it } from 'vitest';
import {
  describeUpload,
  enqueue,
  failed,
  finished,
  nextToUpload,
  progressed,
  retried,
  started,
} from './upload-queue';

describe('the upload queue', () => {
  it('uploads one file at a time, in the order picked', () => {
    let queue = enqueue(
      [],
      [
        { id: 1, name: 'a.jpeg' },
        { id: 2, name: 'b.jpeg' },
      ],
    );
    expect(nextToUpload(queue)?.id).toBe(1);
    queue = started(queue, 1);
    // Picked while the first uploads: it waits instead of racing it.
    queue = enqueue(queue, [{ id: 3, name: 'c.jpeg' }]);
    expect(nextToUpload(queue)).toBeUndefined();
    queue = progressed(queue, 1, 0.456);
    expect(describeUpload(queue[0]!)).toBe('Uploading, 46% sent');
    expect(describeUpload(queue[2]!)).toBe('Waiting for the upload before it');
    queue = progressed(queue, 1, 1);
    expect(describeUpload(queue[0]!)).toBe('Sent; making its sizes…');
    queue = finished(queue, 1);
    expect(nextToUpload(queue)?.id).toBe(2);
    queue = failed(started(queue, 2), 2, 'The picture is too large.');
    expect(describeUpload(queue[1]!)).toBe('Not uploaded: The picture is too large.');
    expect(nextToUpload(queue)?.id).toBe(3);
  });

  it('puts a retried upload behind the waiting ones, from nothing sent', () => {
    let queue = enqueue(
      [],
      [
        { id: 1, name: 'a.jpeg' },
        { id: 2, name: 'b.jpeg' },
      ],
    );
    queue = failed(progressed(started(queue, 1), 1, 0.5), 1, 'No connection');
    queue = retried(queue, 1);
    expect(queue.map((item) => [item.id, item.state, item.sent])).toEqual([
      [2, 'waiting', 0],
      [1, 'waiting', 0],
    ]);
    expect(queue[1]!.message).toBeUndefined();
  });
});
