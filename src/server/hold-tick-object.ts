import { executionAsyncResource } from 'node:async_hooks';

/**
 * One of Node's own nextTick objects, kept for the life of the process so that V8 never collects
 * their hidden classes (docs/decisions/0047-tick-object-maps.md).
 *
 * Node's HTTP server calls `process.nextTick` some five times per answer, and each call builds a
 * small literal with two symbol keys. V8 builds it fast only while its feedback names one hidden
 * class per step. Those classes are held only weakly; a full collection while the queue is empty
 * (start-up, or idle between bursts) frees them, the next literal gets new ones, the feedback goes
 * megamorphic for good, and every tick object is then built by a runtime call (about a fifth of
 * the CPU time of an answer from memory). A live tick object holds its class, and each class its
 * parent, so the whole chain stays.
 */
let heldTickObject: object | undefined;

/** Takes a tick object (the resource of a nextTick callback) and keeps it; returns it. */
export async function holdTickObject(): Promise<object> {
  heldTickObject ??= await new Promise<object>((resolve) =>
    process.nextTick(() => resolve(executionAsyncResource())),
  );
  return heldTickObject;
}
