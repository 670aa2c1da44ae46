import { COMMON_QUERY_PARAMETERS } from '@mostrador/contracts';
import type { z } from 'zod';
import { badRequest } from './api-error.ts';

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/** The names an operation's query may use: its own and the common ones (spec 4.5). */
export function queryNames(own: Iterable<string>): ReadonlySet<string> {
  return new Set([...own, ...COMMON_QUERY_PARAMETERS]);
}

/**
 * The families of an operation's dotted parameters (`order` of `order.status`): a name in one of them that the
 * operation does not take is a mistyped filter (`order.stauts`), refused rather than ignored (decision 0276).
 */
export function queryFamilies(own: Iterable<string>): ReadonlySet<string> {
  return new Set([...own].filter((n) => n.includes('.')).map((n) => n.slice(0, n.indexOf('.'))));
}

/**
 * One rule for every operation's query (decisions 0135, 0276): a parameter the operation takes, or a common one, given
 * twice is refused with 400 naming it, before anything else reads it, and so is a name in one of its dotted families
 * that it does not take; any other name is ignored, as the platform ignores what its own clients add
 * (`include_attributes=all`, cache busters). Only names are read here, in one pass, and only when there is a query.
 */
export function checkQueryNames(
  url: string,
  allowed: ReadonlySet<string>,
  families: ReadonlySet<string> = new Set(),
): void {
  const start = url.indexOf('?');
  if (start === -1) return;
  const seen = new Set<string>();
  const unknown: string[] = [];
  const twice: string[] = [];
  for (let at = start + 1; at < url.length; ) {
    let end = url.indexOf('&', at);
    if (end === -1) end = url.length;
    if (end > at) {
      const eq = url.indexOf('=', at);
      const raw = url.slice(at, eq === -1 || eq > end ? end : eq);
      const name = raw.includes('%') || raw.includes('+') ? decodeName(raw) : raw;
      if (allowed.has(name)) {
        if (seen.has(name)) twice.push(name);
        else seen.add(name);
      } else if (families.size > 0 && name.includes('.') && families.has(name.slice(0, name.indexOf('.')))) {
        unknown.push(name);
      }
    }
    at = end + 1;
  }
  if (unknown.length === 0 && twice.length === 0) return;
  const shown = (names: string[]) => [...new Set(names)].map((n) => n.slice(0, 40)).join(', ');
  const causes = [
    ...unknown.map((n) => ({
      code: 'unknown_parameter',
      message: `${n.slice(0, 40)} is not a parameter here`,
    })),
    ...twice.map((n) => ({
      code: 'repeated_parameter',
      message: `${n.slice(0, 40)} is given more than once`,
    })),
  ];
  throw badRequest(
    unknown.length > 0
      ? `unknown parameter${unknown.length > 1 ? 's' : ''}: ${shown(unknown)}`
      : `a parameter given more than once: ${shown(twice)}`,
    causes,
  );
}

/**
 * The request's query as its operation reads it: the parameters it takes and the common ones, without the names it
 * ignores (decision 0276). Outside an operation's mount (the authorization server), the whole query.
 */
export function ownQuery(c: {
  req: { query(): Record<string, string> };
  var: { queryNames?: ReadonlySet<string> };
}): Record<string, string> {
  const all = c.req.query();
  const names = c.var.queryNames;
  if (!names) return all;
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)));
}

/** 400 for a parameter given more than once. */
export function repeated(name: string) {
  return badRequest(`${name} is given more than once`, [
    { code: 'repeated_parameter', message: `${name} is given more than once` },
  ]);
}

/** A query that failed its contract: 400 naming each parameter with what it expects. */
export function invalidQuery(error: z.ZodError) {
  const causes = error.issues.map((i) => {
    if (i.code === 'unrecognized_keys') {
      return { code: 'unknown_parameter', message: `unknown parameter(s): ${i.keys.join(', ')}` };
    }
    const name = i.path.map(String).join('.');
    // Name the parameter, unless its message already does (`tags takes at most 20 comma-separated values`).
    const named = !name || i.message.startsWith(`${name} `);
    return { code: 'invalid_parameter', message: named ? i.message : `${name}: ${i.message}` };
  });
  return badRequest(causes[0]?.message ?? 'invalid parameters', causes);
}
