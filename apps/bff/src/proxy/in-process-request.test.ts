import { describe, expect, it } from 'vitest';
import { connection } from '../test-support.ts';
import { inProcessRequest, readOnce } from './in-process-request.ts';

const URL_ = 'http://127.0.0.1:4000/api/orders/1';

/** A GET as the server hands it over: the request, and the connection with the header lines as they came. */
function arrived(lines: string[], method = 'GET') {
  const headers = new Headers();
  for (let i = 0; i < lines.length; i += 2) headers.append(lines[i]!, lines[i + 1]!);
  const request = new Request(URL_, { method, headers, ...(method === 'POST' ? { body: 'x' } : {}) });
  return readOnce(request, connection('127.0.0.1', lines));
}

describe('readOnce', () => {
  it('answers each header as Headers does: any case asked, values trimmed, repeated names joined', () => {
    const request = arrived([
      'Host',
      '127.0.0.1:4000',
      'Accept',
      ' application/json ',
      'X-Format-New',
      'true',
      'accept',
      'text/plain',
      'Cookie',
      'a=1',
      'cookie',
      'b=2',
    ]);
    expect(request.headers.get('accept')).toBe('application/json, text/plain');
    expect(request.headers.get('ACCEPT')).toBe('application/json, text/plain');
    expect(request.headers.get('x-format-new')).toBe('true');
    expect(request.headers.get('cookie')).toBe('a=1; b=2');
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.has('Host')).toBe(true);
    expect(request.headers.has('origin')).toBe(false);
  });

  it('joins two Authorization headers, as Headers does, so neither is taken for the request’s token', () => {
    const request = arrived(['Authorization', 'Bearer one', 'Authorization', 'Bearer two']);
    expect(request.headers.get('authorization')).toBe('Bearer one, Bearer two');
  });

  it('refuses a name Headers refuses', () => {
    const request = arrived(['Accept', 'x']);
    expect(() => request.headers.get('bad name')).toThrow(TypeError);
  });

  it('iterates, copies and changes through the request’s own headers', () => {
    const request = arrived(['Accept', 'x', 'X-Format-New', 'true']);
    expect([...request.headers]).toEqual([
      ['accept', 'x'],
      ['x-format-new', 'true'],
    ]);
    expect(new Headers(request.headers).get('x-format-new')).toBe('true');
    expect(request.headers).toBeInstanceOf(Headers);
    request.headers.set('accept', 'y');
    expect(request.headers.get('accept')).toBe('y');
  });

  it('passes URL, method and signal on, and keeps requests with a body and without a connection as they are', () => {
    const request = arrived(['Accept', 'x']);
    expect(request.url).toBe(URL_);
    expect(request.method).toBe('GET');
    expect(request.signal).toBeInstanceOf(AbortSignal);
    const post = new Request(URL_, { method: 'POST', body: 'x' });
    expect(readOnce(post, connection('127.0.0.1', ['Accept', 'x']))).toBe(post);
    const get = new Request(URL_);
    expect(readOnce(get, connection('127.0.0.1'))).toBe(get);
    expect(readOnce(get, undefined)).toBe(get);
  });

  it('reaches the marketplace through the in-process filter, with the session’s token in place of the cookie', () => {
    const request = arrived(['Cookie', 'sid=1', 'X-Format-New', 'true']);
    const handed = inProcessRequest(request, 'http://127.0.0.1:4000/orders/1', 'Bearer session');
    expect(handed.headers.get('authorization')).toBe('Bearer session');
    expect(handed.headers.get('cookie')).toBeNull();
    expect(handed.headers.get('x-format-new')).toBe('true');
    expect(handed.url).toBe('http://127.0.0.1:4000/orders/1');
  });
});
