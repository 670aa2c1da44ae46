import { config } from 'zod';

/*
 * zod compiles an object's parser with `new Function` where it can, and probes for that once. The page's CSP allows no
 * eval, so the probe fails and the browser reports a CSP violation on every load. `jitless` skips the probe: schemas
 * parse as they did, without it. It must run before the first object schema is built: in the build, this module
 * shares zod's chunk (`vite.config.ts`), which every chunk that builds schemas imports; under `npm run dev`, `main.tsx`
 * imports it first.
 */
config({ jitless: true });
