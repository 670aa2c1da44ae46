/** Headers of an `/api` request that never reach the marketplace: the BFF's own credentials and the connection's. */
export const REQUEST_HEADERS_DROPPED: ReadonlySet<string> = new Set([
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

const immutable = () => {
  throw new TypeError('the headers of a request handed to the marketplace are immutable');
};

/**
 * The incoming request's headers as the marketplace may see them, read through rather than copied: the dropped ones
 * absent, and `authorization` replaced when the BFF attaches the session's token.
 */
class FilteredHeaders {
  constructor(
    private readonly source: Headers,
    private readonly authorization: string | undefined,
  ) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === 'authorization' && this.authorization !== undefined) return this.authorization;
    return REQUEST_HEADERS_DROPPED.has(key) ? null : this.source.get(key);
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  getSetCookie(): string[] {
    return this.source.getSetCookie();
  }

  /** In the order a `Headers` gives them: by name. */
  entries(): IterableIterator<[string, string]> {
    const pairs: [string, string][] = [];
    for (const [key, value] of this.source) {
      if (REQUEST_HEADERS_DROPPED.has(key) || (key === 'authorization' && this.authorization !== undefined))
        continue;
      pairs.push([key, value]);
    }
    if (this.authorization !== undefined) {
      pairs.push(['authorization', this.authorization]);
      pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    }
    return pairs[Symbol.iterator]();
  }

  keys(): IterableIterator<string> {
    return [...this.entries()].map(([key]) => key)[Symbol.iterator]();
  }

  values(): IterableIterator<string> {
    return [...this.entries()].map(([, value]) => value)[Symbol.iterator]();
  }

  [Symbol.iterator]() {
    return this.entries();
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this as unknown as Headers);
  }

  append = immutable;
  set = immutable;
  delete = immutable;
}

/**
 * An `/api` request handed to the marketplace's handlers in this process without copying it (no new `Request`, no
 * timer, no stream): what Hono and the handlers read of a request — URL, method, headers, body, signal — with the URL
 * the marketplace is mounted at (no `/api`) and the headers filtered. The body is the incoming request's own, read
 * once by whichever handler asks for it.
 */
class InProcessRequest {
  readonly headers: Headers;

  constructor(
    private readonly source: Request,
    readonly url: string,
    authorization: string | undefined,
  ) {
    this.headers = new FilteredHeaders(source.headers, authorization) as unknown as Headers;
  }

  get method() {
    return this.source.method;
  }
  get signal() {
    return this.source.signal;
  }
  get body() {
    return this.source.body;
  }
  get bodyUsed() {
    return this.source.bodyUsed;
  }
  arrayBuffer() {
    return this.source.arrayBuffer();
  }
  blob() {
    return this.source.blob();
  }
  formData() {
    return this.source.formData();
  }
  json() {
    return this.source.json();
  }
  text() {
    return this.source.text();
  }
  /** A real copy, for the rare reader that needs one (a validator reading the body twice). */
  clone(): Request {
    return new Request(this.url, {
      method: this.method,
      headers: [...this.headers],
      ...(this.source.body ? { body: this.source.clone().body, duplex: 'half' } : {}),
    } as RequestInit);
  }
}

/** The request as the in-process marketplace receives it: see `InProcessRequest`. */
export function inProcessRequest(source: Request, url: string, authorization: string | undefined): Request {
  return new InProcessRequest(source, url, authorization) as unknown as Request;
}
