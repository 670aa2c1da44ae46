// A dotted JavaScript identifier; anything else could smuggle script into the JSONP response.
const CALLBACK = /^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,3}$/;

/** Whether `name` may name a JSONP callback (spec 4.6, decision 0006). */
export function isJsonpCallback(name: string): boolean {
  return CALLBACK.test(name);
}

function headerObject(headers: Headers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  headers.forEach((value, name) => {
    if (name === 'content-length') return;
    const canonical = name.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase());
    const values = out[canonical] ?? [];
    values.push(value);
    out[canonical] = values;
  });
  return out;
}

/**
 * An answer as JSONP (spec 4.6): `callback([status, headers, body])` with HTTP 200 whatever happened, so browser
 * code can read 30X/40X/50X itself. As in the platform's recorded answer, the header object maps each name to its
 * values and its `Content-Type` describes the JSONP answer itself. `callback` must pass `isJsonpCallback`.
 */
export async function jsonpAnswer(callback: string, res: Response): Promise<Response> {
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.set('content-type', 'text/javascript;charset=UTF-8');
  const body = isJson && text.length > 0 ? text : JSON.stringify(text);
  const wrapped = `${callback}([${res.status}, ${JSON.stringify(headerObject(headers))}, ${body}])`;
  return new Response(wrapped, {
    status: 200,
    headers: {
      'content-type': 'text/javascript;charset=UTF-8',
      'x-content-type-options': 'nosniff',
      'cache-control': headers.get('cache-control') ?? 'no-store',
    },
  });
}
