/** Headers of an `/api` request that never reach the marketplace: the BFF's own credentials and the connection's. */
export const REQUEST_HEADERS_DROPPED: ReadonlySet<string> = new Set([
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

/** Names in lower case, remembered: requests ask for the same few, and clients send the same few. */
const REMEMBERED_NAMES = 512;
const lowerNames = new Map<string, string>();
function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < REMEMBERED_NAMES) lowerNames.set(name, lower);
  }
  return lower;
}
// What `Headers` checks of a name asked for (names found valid are remembered), and what it trims off a value.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const askedNames = new Map<string, string>();
const isHttpWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;

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
    const key = lowerName(name);
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

/** What the BFF and the marketplace read of a request, passed on to the request seen through (`source`). */
class RequestFacade {
  constructor(protected readonly source: Request) {}

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
}

/**
 * An `/api` request handed to the marketplace's handlers in this process without copying it (no new `Request`, no
 * timer, no stream): what Hono and the handlers read of a request — URL, method, headers, body, signal — with the URL
 * the marketplace is mounted at (no `/api`) and the headers filtered. The body is the incoming request's own, read
 * once by whichever handler asks for it.
 */
class InProcessRequest extends RequestFacade {
  readonly headers: Headers;

  constructor(
    source: Request,
    readonly url: string,
    authorization: string | undefined,
  ) {
    super(source);
    this.headers = new FilteredHeaders(source.headers, authorization) as unknown as Headers;
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

function trimmed(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/**
 * A request's headers read once, in one pass over the list the connection received, and looked up by name after
 * (decision 0210): what `Headers` would answer (values trimmed, repeated names joined by `, `, cookies by `; `, as
 * @hono/node-server's own lookup does), at the cost of a map's lookup. An `/api` request asks for a dozen of them
 * between the BFF's steps and the marketplace's handlers (host, authorization three times, the format twice, the
 * encoding…), and each asked of the connection's headers scanned or built them anew. A value `Headers` refuses,
 * iterating, and any change are left to the request's own headers, which say and do what they always did.
 */
class HeaderView {
  #values: Map<string, string> | null | undefined;

  constructor(
    private readonly raw: readonly string[],
    private readonly source: Headers,
  ) {}

  /** The values by lower-case name; null once the request's own headers answer instead. */
  #read(): Map<string, string> | null {
    if (this.#values !== undefined) return this.#values;
    const values = new Map<string, string>();
    for (let i = 0; i + 1 < this.raw.length; i += 2) {
      const name = lowerName(this.raw[i]!);
      // HTTP/2's pseudo-headers (`:path`) are no header of the request's.
      if (name.charCodeAt(0) === 58) continue;
      const value = trimmed(this.raw[i + 1]!);
      if (value.includes('\r') || value.includes('\n') || value.includes('\0')) {
        this.#values = null;
        return null;
      }
      const earlier = values.get(name);
      values.set(
        name,
        earlier === undefined ? value : `${earlier}${name === 'cookie' ? '; ' : ', '}${value}`,
      );
    }
    this.#values = values;
    return values;
  }

  /** The name asked for, checked as `Headers` checks it, in lower case. */
  #key(name: string): string {
    let key = askedNames.get(name);
    if (key === undefined) {
      if (!HEADER_NAME.test(name)) throw new TypeError(`Invalid header name: ${name.slice(0, 40)}`);
      key = name.toLowerCase();
      if (askedNames.size < REMEMBERED_NAMES) askedNames.set(name, key);
    }
    return key;
  }

  get(name: string): string | null {
    const values = this.#read();
    if (values === null) return this.source.get(name);
    return values.get(this.#key(name)) ?? null;
  }

  has(name: string): boolean {
    const values = this.#read();
    if (values === null) return this.source.has(name);
    return values.has(this.#key(name));
  }

  getSetCookie(): string[] {
    return this.source.getSetCookie();
  }
  entries() {
    return this.source.entries();
  }
  keys() {
    return this.source.keys();
  }
  values() {
    return this.source.values();
  }
  [Symbol.iterator]() {
    return this.source.entries();
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.source.forEach(callback, thisArg);
  }

  /** A change goes to the request's own headers, which answer every question from then on. */
  append(name: string, value: string): void {
    this.#values = null;
    this.source.append(name, value);
  }
  set(name: string, value: string): void {
    this.#values = null;
    this.source.set(name, value);
  }
  delete(name: string): void {
    this.#values = null;
    this.source.delete(name);
  }
}
Object.setPrototypeOf(HeaderView.prototype, Headers.prototype);

/** A GET or HEAD request whose headers are read once (`HeaderView`); everything else is the request's own. */
class ReadOnceRequest extends RequestFacade {
  readonly headers: Headers;

  constructor(source: Request, raw: readonly string[]) {
    super(source);
    this.headers = new HeaderView(raw, source.headers) as unknown as Headers;
  }

  get url() {
    return this.source.url;
  }
  clone(): Request {
    return this.source.clone();
  }
}

/**
 * The request as the BFF's steps and the marketplace read it: a GET or HEAD that arrived on a connection of this
 * server gets its headers read once (see `HeaderView`); any other request is itself. Requests with a body stay
 * themselves: the body limit and the handlers that read a body take the request as it is.
 */
export function readOnce(request: Request, connection: unknown): Request {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  const raw = (connection as { incoming?: { rawHeaders?: unknown } } | undefined)?.incoming?.rawHeaders;
  if (!Array.isArray(raw)) return request;
  return new ReadOnceRequest(request, raw) as unknown as Request;
}
