import { config } from 'zod';

/*
 * zod compiles an object's parser with `new Function` where it can, and probes for that once. The page's CSP allows no
 * eval, so the probe fails and the browser reports a CSP violation on every load. `jitless` skips the probe: schemas
 * parse as they did, without it. Imported first by `main.tsx`, before any module builds a schema (the probe runs when
 * the first object schema is built).
 */
config({ jitless: true });
