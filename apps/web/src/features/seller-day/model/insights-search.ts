import { type InsightsQuery, insightsQuerySchema } from '@mostrador/contracts';

/**
 * The period in the address (`?days=7`, `?from=2026-10-01&to=2026-10-31`). The router gives numbers back typed, the
 * contract reads text; an address the contract refuses (`?days=5`, a reversed range) opens the default period.
 */
export function validateInsightsSearch(raw: Record<string, unknown>): InsightsQuery {
  const text = Object.fromEntries(
    ['days', 'from', 'to']
      .filter((key) => raw[key] !== undefined && raw[key] !== null)
      .map((key) => [key, String(raw[key])]),
  );
  const parsed = insightsQuerySchema.safeParse(text);
  return parsed.success ? parsed.data : {};
}
