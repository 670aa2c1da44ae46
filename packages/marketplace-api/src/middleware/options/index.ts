import type { Handler } from 'hono';
import { ApiError } from '../../http/api-error.ts';
import { json } from '../../http/json-answer.ts';
import { allowedMethods, type ResourceTable } from '../../http/resources.ts';

/**
 * OPTIONS on any described path answers its description (spec 4.4), with the methods it serves in `Allow`;
 * anything else is an unknown resource.
 */
export function describeResource(table: ResourceTable, prefix = ''): Handler {
  return (c) => {
    const path = new URL(c.req.url).pathname.slice(prefix.length) || '/';
    const r = table.match(path);
    if (!r) throw new ApiError('not_found', { message: 'resource not found' });
    const methods = Object.entries(r.methods);
    c.header('Allow', allowedMethods(r));
    return json(c, {
      name: r.name,
      description: r.description,
      attributes: r.attributes,
      methods: methods.map(([method, m]) => ({ method, example: m.example, description: m.description })),
      related_resources: r.related_resources,
      connections: r.connections,
    });
  };
}
