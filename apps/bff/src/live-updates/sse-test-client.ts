/** A server-sent event as a browser's EventSource dispatches it. */
export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/**
 * A test client for `text/event-stream` over real HTTP, parsing as the HTML standard says browsers do: lines end at
 * CRLF, LF or CR; `field: value` lines; a blank line dispatches; `:` starts a comment. So a test sees what an
 * injected line break would make of the stream.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  /** Every comment line (heartbeats). */
  readonly comments: string[] = [];
  /** Each field line as parsed, in order: `name` → `value`. */
  readonly fields: [string, string][] = [];
  status = 0;
  ended = false;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  private done: Promise<void> = Promise.resolve();

  private constructor() {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: client.abort.signal,
    });
    client.status = res.status;
    if (res.status !== 200 || !res.body) {
      client.ended = true;
      await res.body?.cancel();
      return client;
    }
    client.done = client.read(res.body);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    let id = '';
    let event = '';
    let data: string[] = [];
    let lastId = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (;;) {
          const match = /\r\n|\r|\n/.exec(buffer);
          // A lone CR at the end may be the first half of a CRLF.
          if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) break;
          const line = buffer.slice(0, match.index);
          buffer = buffer.slice(match.index + match[0].length);
          if (line === '') {
            if (id !== '') lastId = id;
            if (data.length > 0)
              this.messages.push({ id: lastId, event: event || 'message', data: data.join('\n') });
            id = '';
            event = '';
            data = [];
            this.notify();
            continue;
          }
          if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
            this.notify();
            continue;
          }
          const colon = line.indexOf(':');
          const name = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? '' : line.slice(colon + 1);
          if (value.startsWith(' ')) value = value.slice(1);
          this.fields.push([name, value]);
          if (name === 'data') data.push(value);
          else if (name === 'event') event = value;
          else if (name === 'id') id = value;
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      this.ended = true;
      this.notify();
    }
  }

  private notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `check` holds (re-checked after each line), failing after `timeoutMs`. */
  async until(check: (client: SseClient) => boolean, timeoutMs = 5_000, what = 'the stream'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what} (${this.messages.length} messages)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}
