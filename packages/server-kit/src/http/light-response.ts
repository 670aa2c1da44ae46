/**
 * @hono/node-server answers with a light `Response`: until someone reads it as a web `Response` it keeps the status,
 * the body (a string or bytes) and the headers it was made with under a symbol described as `cache`, and writes them
 * to the socket as they are. Its headers stay a plain record as long as nobody asks for `res.headers`; asking makes a
 * `Headers` of them (every name and value validated again, then sorted when written), which cost more than the rest of
 * the middleware of an order's read together (decision 0196). This module is the one place that knows about it: the
 * middleware that reads or adds headers to every answer goes through `responseHeaders`, and gets the record when
 * there is one and the `Headers` otherwise.
 */

/** The part of `Headers` the middleware uses. */
export interface HeaderAccess {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
  /** Every header, its name in lower case (as `Headers` gives them). */
  forEach(callback: (value: string, name: string) => void): void;
}

type Cache = [status: number, body: unknown, headers: unknown, owned?: symbol];

let cacheSymbol: symbol | undefined;

function cacheOf(res: Response): Cache | undefined {
  if (cacheSymbol === undefined) {
    // Found once, on the first light response seen; a `Response` without it (tests calling the app directly, a
    // remote marketplace's answer) has no such symbol and is read as a `Response`.
    const found = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
    if (!found) return undefined;
    cacheSymbol = found;
  }
  const cached = (res as unknown as Record<symbol, unknown>)[cacheSymbol];
  return Array.isArray(cached) ? (cached as Cache) : undefined;
}

/** The string or bytes a light response was made with; null for any other answer (read it as a `Response`). */
export function lightBody(res: Response): Buffer | null {
  const cached = cacheOf(res);
  if (!cached) return null;
  const body = cached[1];
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return null;
}

// A character no header value may hold: written to the socket, it would split or end the header block.
const INVALID_VALUE = /[\0\r\n]/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Names in lower case and values found valid, remembered: the middleware sets the same few constants on every answer.
 * Bounded, so values that change with every answer (a Location, a length) are checked each time and never pile up.
 */
const REMEMBERED = 512;
const lowerNames = new Map<string, string>();
const validValues = new Set<string>();

function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    // The checks `Headers` makes, so a bad header fails where it is set, as it would there, not at the socket.
    if (!TOKEN.test(name)) throw new TypeError(`invalid header name: ${name.slice(0, 40)}`);
    lower = name.toLowerCase();
    if (lowerNames.size < REMEMBERED) lowerNames.set(name, lower);
  }
  return lower;
}

function checkedValue(name: string, value: string): string {
  if (validValues.has(value)) return value;
  const trimmed = value.trim();
  if (INVALID_VALUE.test(trimmed)) throw new TypeError(`invalid value of the header ${name.slice(0, 40)}`);
  if (trimmed === value && validValues.size < REMEMBERED) validValues.add(value);
  return trimmed;
}

/**
 * Marks, in a light response's own tuple, that its record is one this module made (see `ownRecord`): only those are
 * changed in place. Not on the record itself: `new Headers(record)` refuses any symbol key, and a set of records
 * cost a third of making the copy.
 */
const OWNED = Symbol('mostrador.ownHeaderRecord');

/**
 * The record of a light response, as this module's own copy with names in lower case: the record a handler passed
 * may be a constant shared by every answer it gives (`{ 'Content-Type': 'application/json' }`), so it is copied
 * before the first change.
 */
function ownRecord(cached: Cache): Record<string, string> | null {
  const headers = cached[2];
  if (cached[3] === OWNED) return headers as Record<string, string>;
  // Without a prototype: a header named `constructor` is a header like any other. Made from a literal, not with
  // `Object.create(null)`, so that V8 keeps its properties in fast mode: node writes the answer's headers with a
  // `for…in` over it, which walks a dictionary-mode object by sorting its keys first (decision 0210).
  const copy: Record<string, string> = Object.setPrototypeOf({}, null);
  if (headers === undefined || headers === null) {
    // node-server gives a body without headers this type; the record must say it from now on.
    if (cached[1] !== null) copy['content-type'] = 'text/plain; charset=UTF-8';
  } else {
    if (typeof headers !== 'object' || headers instanceof Headers || Array.isArray(headers)) return null;
    for (const [name, value] of Object.entries(headers)) {
      // Anything but one string per name (a list of cookies, say) is left to `Headers`.
      if (typeof value !== 'string') return null;
      const lower = lowerName(name);
      // Two spellings of one name: `Headers` would have joined them; leave it to it.
      if (lower in copy) return null;
      copy[lower] = checkedValue(name, value);
    }
  }
  cached[2] = copy;
  cached[3] = OWNED;
  return copy;
}

class RecordHeaders implements HeaderAccess {
  constructor(private readonly record: Record<string, string>) {}

  get(name: string): string | null {
    return this.record[lowerName(name)] ?? null;
  }

  has(name: string): boolean {
    return this.record[lowerName(name)] !== undefined;
  }

  set(name: string, value: string): void {
    this.record[lowerName(name)] = checkedValue(name, value);
  }

  delete(name: string): void {
    delete this.record[lowerName(name)];
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.record).sort()) callback(this.record[name]!, name);
  }

  someName(test: RegExp): boolean {
    for (const name in this.record) if (test.test(name)) return true;
    return false;
  }

  setAll(headers: PreparedHeaders): void {
    for (let i = 0; i < headers.names.length; i++) this.record[headers.names[i]!] = headers.values[i]!;
  }
}

/** Headers every answer gets, their names and values checked once (`prepareHeaders`), for `setHeaders`. */
export interface PreparedHeaders {
  readonly names: readonly string[];
  readonly values: readonly string[];
}

/** Checks constant headers once, as `set` would on every answer. */
export function prepareHeaders(pairs: readonly (readonly [string, string])[]): PreparedHeaders {
  return {
    names: pairs.map(([name]) => lowerName(name)),
    values: pairs.map(([name, value]) => checkedValue(name, value)),
  };
}

/** Sets each of the prepared headers, replacing any of the same name. */
export function setHeaders(headers: HeaderAccess, prepared: PreparedHeaders): void {
  if (headers instanceof RecordHeaders) {
    headers.setAll(prepared);
    return;
  }
  for (let i = 0; i < prepared.names.length; i++) headers.set(prepared.names[i]!, prepared.values[i]!);
}

/** Whether any header's name (in lower case) matches `test`. */
export function hasHeaderNamed(headers: HeaderAccess, test: RegExp): boolean {
  if (headers instanceof RecordHeaders) return headers.someName(test);
  let found = false;
  headers.forEach((_, name) => {
    if (test.test(name)) found = true;
  });
  return found;
}

/**
 * The headers of an answer, to read and change: the light response's own record when it has one, its `Headers`
 * otherwise. Either way the answer that leaves carries the changes.
 */
export function responseHeaders(res: Response): HeaderAccess {
  const cached = cacheOf(res);
  const record = cached ? ownRecord(cached) : null;
  return record ? new RecordHeaders(record) : res.headers;
}
