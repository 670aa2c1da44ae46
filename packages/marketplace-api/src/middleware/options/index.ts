import type { Handler } from 'hono';
import { SIMULATE_FAULT_DESCRIPTION, SIMULATE_FAULT_EXAMPLES } from '../../faults/simulated-faults.ts';
import { ApiError } from '../../http/api-error.ts';
import type { PlatformOptions } from '../../http/env.ts';
import { json } from '../../http/json-answer.ts';
import { allowedMethods, type ResourceTable } from '../../http/resources.ts';

/** In local use, how to ask for a fault on purpose (decision 0293). */
const SIMULATED_FAULTS = {
  header: 'X-Simulate-Fault',
  description: SIMULATE_FAULT_DESCRIPTION,
  examples: SIMULATE_FAULT_EXAMPLES,
  rules:
    'npm run faults -- add FAULT [--method M] [--path /orders/*] [--times N] [--fraction 0.5]; ' +
    'notifications: npm run faults -- add deliver=late|twice|out-of-order [--topic orders_v2]; ' +
    'npm run faults -- list | remove ID | clear',
};

/**
 * OPTIONS on any described path answers its description (spec 4.4), with the methods it serves in `Allow`, and in
 * local use how to ask for a fault on purpose; anything else is an unknown resource.
 */
export function describeResource(
  table: ResourceTable,
  prefix = '',
  platform: Pick<PlatformOptions, 'localUse'> = { localUse: false },
): Handler {
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
      ...(platform.localUse ? { simulated_faults: SIMULATED_FAULTS } : {}),
    });
  };
}
