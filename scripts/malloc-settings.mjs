// How the production server's C allocator (glibc malloc) is told to give memory back: blocks of
// 64 KB and more get pages of their own, returned on free, and free space at the top of a heap
// above 128 KB is returned too. Read by glibc when the process starts, so they are set by what
// starts the server (scripts/start.mjs, the systemd unit in docs/operating.md, the benchmarks),
// never by the server itself. Without them, compression in libuv's threads and V8's compiler
// threads each keep a heap of tens of MB that glibc never hands back: with a thousand clients,
// RSS after the load was 385–425 MB, with them 250–262 MB
// (docs/decisions/0082-memory-of-a-thousand-clients.md). At most two heaps (arenas): pages
// recompressed at brotli 11 in the pool's threads left each thread's heap fragmented, RSS after the
// load 355–420 MB against 224 MB with two (decision 0087). A value already in the environment wins.
export const mallocSettings = {
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_ARENA_MAX: '2',
};
