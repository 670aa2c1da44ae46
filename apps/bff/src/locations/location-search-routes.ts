import { errorBody, locationSearchQuerySchema } from '@mostrador/contracts';
import { Hono } from 'hono';
import type { LocationIndex } from './location-index.ts';

/** `GET /bff/locations/search`: public reference data, like the marketplace's location reads (no session needed). */
export function locationSearchRoutes(index: LocationIndex) {
  const app = new Hono();
  app.get('/locations/search', async (c) => {
    const query = locationSearchQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return c.json(
        errorBody('bad_request', {
          message: query.error.issues[0]?.message ?? 'invalid query',
          cause: query.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        }),
        400,
      );
    }
    const { q, country, limit } = query.data;
    const results = await index.search(q, { ...(country ? { country } : {}), limit });
    return c.json({ query: q, results });
  });
  return app;
}
