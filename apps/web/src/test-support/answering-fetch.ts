import { vi } from 'vitest';

/** A request the page made: its method, path (with the query) and JSON body. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** An answer with a status (and headers) of its own; a plain value in the table answers 200 with that body. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The spec's error body with its status, as the marketplace refuses. */
export const refusal = (status: number, error: string) =>
  new Answer(status, { message: error.replaceAll('_', ' '), error, status, cause: [] });

/**
 * Stands in for the BFF in component tests: answers each `fetch` from a table keyed `METHOD /path?query` (or
 * `METHOD /path`, for any query), with a body (200), an `Answer`, or a function of the request giving either.
 * Anything else is refused with the spec's 404 body. Returns every request made, in order.
 */
export function answerFetch(table: Record<string, unknown>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const request = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const entry = table[`${method} ${url}`] ?? table[`${method} ${url.split('?')[0]}`];
      const given = typeof entry === 'function' ? entry(request) : entry;
      const answer =
        given === undefined
          ? refusal(404, 'not_found')
          : given instanceof Answer
            ? given
            : new Answer(200, given);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return sent;
}
