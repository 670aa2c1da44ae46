/**
 * Answers kept with the store's change count at which they were found (decision 0087): one is served only while the
 * count is the same, that is while nothing at all was committed since. Bounded by entries and, when `sizeOf` is
 * given, by bytes; least recently used out first, nearly: an answer found again moves to the newest end only once it
 * has drifted into the older half (decision 0210).
 */
export function createAnswerCache<V>(limits: {
  entries: number;
  bytes?: number;
  sizeOf?: (value: V) => number;
}) {
  const entries = new Map<string, { changeCount: number; value: V; size: number; stamp: number }>();
  let bytes = 0;
  // Sets and moves so far: an entry's age is how many happened since its own.
  let clock = 0;
  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.size;
    entries.delete(key);
  };
  return {
    get(key: string, changeCount: number): V | undefined {
      const hit = entries.get(key);
      if (!hit || hit.changeCount !== changeCount) return undefined;
      if (clock - hit.stamp > entries.size >> 1) {
        entries.delete(key);
        hit.stamp = ++clock;
        entries.set(key, hit);
      }
      return hit.value;
    },
    set(key: string, changeCount: number, value: V) {
      drop(key);
      const size = limits.sizeOf?.(value) ?? 0;
      if (limits.bytes !== undefined && size > limits.bytes) return;
      entries.set(key, { changeCount, value, size, stamp: ++clock });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.entries && (limits.bytes === undefined || bytes <= limits.bytes)) break;
        drop(oldest);
      }
    },
    /**
     * The answer kept under `key()` at this change count, else `find()`'s, kept for next time. Without a count
     * (stores that keep none) it always finds, and builds no key.
     */
    async through(key: () => string, changeCount: number | undefined, find: () => Promise<V>): Promise<V> {
      if (changeCount === undefined) return find();
      const name = key();
      const known = this.get(name, changeCount);
      if (known !== undefined) return known;
      const found = await find();
      this.set(name, changeCount, found);
      return found;
    },
  };
}
