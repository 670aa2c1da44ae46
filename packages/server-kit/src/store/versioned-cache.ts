import { LRUCache } from 'lru-cache';

export interface VersionedCacheOptions<V> {
  /** Entries at most. */
  entries: number;
  /** Bytes at most, as `sizeOf` counts them. */
  bytes?: number;
  sizeOf?: (value: V) => number;
}

/**
 * Answers kept with the reading of the store's change sequence (`ChangeSequence`) taken before they were found: one is
 * served only to a request that read the same number, that is while nothing it depends on was committed since
 * (decision 0240). Bounded by entries and bytes, least recently used out first.
 */
export class VersionedCache<K extends {}, V extends {}> {
  readonly #kept: LRUCache<K, { at: number; value: V }>;

  constructor(options: VersionedCacheOptions<V>) {
    const { sizeOf, bytes } = options;
    this.#kept = new LRUCache<K, { at: number; value: V }>({
      max: options.entries,
      ...(bytes !== undefined && sizeOf
        ? { maxSize: bytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) }
        : {}),
    });
  }

  /** The answer kept under `key`, when it was found at this reading. */
  get(key: K, at: number): V | undefined {
    const hit = this.#kept.get(key);
    return hit?.at === at ? hit.value : undefined;
  }

  set(key: K, at: number, value: V): void {
    this.#kept.set(key, { at, value });
  }

  /** The answer kept under `key` at this reading, else `find()`'s, kept for next time. */
  async through(key: K, at: number, find: () => Promise<V>): Promise<V> {
    const known = this.get(key, at);
    if (known !== undefined) return known;
    const found = await find();
    this.set(key, at, found);
    return found;
  }
}
