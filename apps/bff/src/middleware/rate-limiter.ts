/**
 * Counts events per key in fixed windows: `limit` per `windowMs`. Small and in memory on purpose: each instance
 * counts on its own (decisions 0036, 0263). Keys of windows that ended are swept as the map grows.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one event; when the key is over its limit, how many whole seconds until its window ends. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const at = this.now();
    let window = this.windows.get(key);
    if (!window || at - window.start >= this.windowMs) {
      if (!window && this.windows.size >= this.maxKeys) this.sweep(at);
      window = { start: at, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: secondsUntil(window.start + this.windowMs, at) };
  }

  private sweep(at: number) {
    for (const [key, window] of this.windows)
      if (at - window.start >= this.windowMs) this.windows.delete(key);
    // Still full: the oldest keys go, so memory stays bounded under a flood of addresses.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Blocks a key for `blockMs` once it has made `threshold` invalid requests within `blockMs`. A threshold of 0
 * turns blocking off.
 */
export class InvalidRequestBlocker {
  private readonly counts: FixedWindowLimiter | null;
  private readonly blocked = new Map<string, number>();

  constructor(
    threshold: number,
    private readonly blockMs: number,
    private readonly now: () => number,
  ) {
    this.counts = threshold > 0 ? new FixedWindowLimiter(threshold - 1, blockMs, now) : null;
  }

  /** Seconds the key stays blocked, or 0. */
  blockedFor(key: string): number {
    const until = this.blocked.get(key);
    if (until === undefined) return 0;
    const at = this.now();
    if (until <= at) {
      this.blocked.delete(key);
      return 0;
    }
    return secondsUntil(until, at);
  }

  /** Records an invalid request; the one that reaches the threshold starts the block. */
  recordInvalid(key: string): void {
    if (!this.counts) return;
    if (!this.counts.hit(key).allowed) this.blocked.set(key, this.now() + this.blockMs);
  }
}

/** Whole seconds, rounded up and at least 1, so a client that waits that long is never early. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(1, Math.ceil((end - now) / 1000));
}
