/**
 * Calls `change` with consecutive slices of `items`, `size` at a time, one after the other: a
 * statement per slice stays within the databases' bind-parameter limits (SQLite's 32,766
 * variables) however many rows a first run or a thousand clients' seed has.
 */
export async function inChunks<Item>(
  items: readonly Item[],
  change: (chunk: Item[]) => Promise<unknown>,
  size = 500,
): Promise<void> {
  for (let start = 0; start < items.length; start += size)
    await change(items.slice(start, start + size));
}
