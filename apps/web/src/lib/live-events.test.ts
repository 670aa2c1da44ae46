import { describe, expect, it, vi } from 'vitest';
import { LiveEvents } from './live-events.ts';

/** The browser's EventSource as far as LiveEvents uses it: jsdom has none. */
class RefusedSource {
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
  /** The server answered with something other than a stream (a 401): the browser closes it and says so once. */
  refuse() {
    this.readyState = 2;
    this.onerror?.();
  }
}

function live(signedIn: () => Promise<boolean>) {
  const sources: RefusedSource[] = [];
  const events = new LiveEvents({
    createSource: (url) => {
      const source = new RefusedSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    retryDelayMs: () => 0,
    signedIn,
  });
  return { events, sources };
}

describe('LiveEvents after the server refuses the stream', () => {
  it('stops for good when nobody is signed in any more', async () => {
    const signedIn = vi.fn(async () => false);
    const { events, sources } = live(signedIn);
    events.connect(7);
    sources[0]!.refuse();
    await vi.waitFor(() => expect(events.getSnapshot().status).toBe('off'));
    expect(sources).toHaveLength(1);
    expect(signedIn).toHaveBeenCalledTimes(1);
  });

  it('tries again while the session lives (a server error, a restart)', async () => {
    const { events, sources } = live(async () => true);
    events.connect(7);
    sources[0]!.refuse();
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    expect(events.getSnapshot().status).toBe('reconnecting');
    events.disconnect();
  });
});
