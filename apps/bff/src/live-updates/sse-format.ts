/**
 * One server-sent event. Only `data` carries outside text, and it is one line of JSON: JSON escapes CR and LF, and
 * the separators some parsers also break lines on (U+2028, U+2029, U+0085) are escaped here too, so nothing inside
 * a value can end the line and start a field of its own (decision 0053).
 */
export function sseMessage(message: { id: number; event: string; data: string }): string {
  if (!Number.isSafeInteger(message.id) || message.id < 1)
    throw new Error('an event id is a positive integer');
  if (!/^[a-z][a-z_]*$/.test(message.event)) throw new Error('an event name is lowercase letters and _');
  const data = jsonLine(message.data);
  return `id: ${message.id}\nevent: ${message.event}\ndata: ${data}\n\n`;
}

/** A JSON text made safe to stand on one SSE line; throws on a raw line break (never from JSON.stringify). */
export function jsonLine(json: string): string {
  const line = json.replace(
    /[\u2028\u2029\u0085]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (/[\r\n]/.test(line)) throw new Error('event data must be one line');
  return line;
}

/** A comment line: keeps proxies and the browser from taking a quiet stream for a dead one. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';
