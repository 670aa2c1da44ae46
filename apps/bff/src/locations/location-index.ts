import {
  citySchema,
  countryListSchema,
  countrySchema,
  foldForSearch,
  type LocationMatch,
  stateSchema,
} from '@mostrador/contracts';
import type { z } from 'zod';
import { apiRequest, type FetchApp } from '../marketplace.ts';

/** The marketplace lets location answers be cached for an hour; the index follows it. */
const INDEX_TTL_MS = 60 * 60_000;
const CONCURRENCY = 8;

interface Entry {
  match: LocationMatch;
  folded: string;
}

export interface LocationIndexOptions {
  marketplace: FetchApp;
  now: () => number;
  timeoutMs: number;
}

/**
 * One search across every level of the classified locations (decision 0073). The marketplace only answers a place
 * by id, so the index is built by walking the hierarchy once (countries → states → cities, whose answers list their
 * neighborhoods) and kept for an hour. Concurrent searches share one build; a failed build is retried next time.
 */
export function createLocationIndex(options: LocationIndexOptions) {
  let built: { at: number; entries: Entry[] } | null = null;
  let building: Promise<Entry[]> | null = null;

  async function read<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T>> {
    const res = await options.marketplace.fetch(
      apiRequest(path, { signal: AbortSignal.timeout(options.timeoutMs) }),
    );
    if (!res.ok) throw new Error(`location read failed with ${res.status}`);
    return schema.parse(await res.json());
  }

  async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    for (let i = 0; i < items.length; i += CONCURRENCY) {
      results.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(work))));
    }
    return results;
  }

  async function build(): Promise<Entry[]> {
    const entries: Entry[] = [];
    const add = (match: LocationMatch) => entries.push({ match, folded: foldForSearch(match.name) });
    const countries = await read('/classified_locations/countries', countryListSchema);
    const details = await inBatches(countries, (c) =>
      read(`/classified_locations/countries/${encodeURIComponent(c.id)}`, countrySchema),
    );
    for (const country of details) {
      const c = { id: country.id, name: country.name };
      add({
        level: 'country',
        id: c.id,
        name: c.name,
        label: c.name,
        country: c,
        state: null,
        city: null,
        has_neighborhoods: null,
      });
      const states = await inBatches(country.states, (s) =>
        read(`/classified_locations/states/${encodeURIComponent(s.id)}`, stateSchema),
      );
      for (const state of states) {
        const s = { id: state.id, name: state.name };
        add({
          level: 'state',
          id: s.id,
          name: s.name,
          label: `${s.name}, ${c.name}`,
          country: c,
          state: s,
          city: null,
          has_neighborhoods: null,
        });
        const cities = await inBatches(state.cities, (city) =>
          read(`/classified_locations/cities/${encodeURIComponent(city.id)}`, citySchema),
        );
        for (const city of cities) {
          const ci = { id: city.id, name: city.name };
          add({
            level: 'city',
            id: ci.id,
            name: ci.name,
            label: `${ci.name}, ${s.name}, ${c.name}`,
            country: c,
            state: s,
            city: null,
            has_neighborhoods: city.neighborhoods.length > 0,
          });
          for (const n of city.neighborhoods) {
            add({
              level: 'neighborhood',
              id: n.id,
              name: n.name,
              label: `${n.name}, ${ci.name}, ${s.name === ci.name ? c.name : `${s.name}, ${c.name}`}`,
              country: c,
              state: s,
              city: ci,
              has_neighborhoods: null,
            });
          }
        }
      }
    }
    return entries;
  }

  async function entries(): Promise<Entry[]> {
    if (built && options.now() - built.at < INDEX_TTL_MS) return built.entries;
    building ??= build()
      .then((list) => {
        built = { at: options.now(), entries: list };
        return list;
      })
      .finally(() => {
        building = null;
      });
    return building;
  }

  const LEVEL_ORDER = { neighborhood: 0, city: 1, state: 2, country: 3 } as const;

  return {
    /** Places whose name starts with the query (best) or has a word starting with it; finer levels first. */
    async search(query: string, filter: { country?: string; limit: number }): Promise<LocationMatch[]> {
      const q = foldForSearch(query.trim());
      const scored: { entry: Entry; score: number }[] = [];
      for (const entry of await entries()) {
        if (filter.country && entry.match.country.id !== filter.country) continue;
        const name = entry.folded;
        const score =
          name === q
            ? 0
            : name.startsWith(q)
              ? 1
              : name.split(/[\s\-/.]+/).some((w) => w.startsWith(q))
                ? 2
                : name.includes(q)
                  ? 3
                  : -1;
        if (score >= 0) scored.push({ entry, score });
      }
      scored.sort(
        (a, b) =>
          a.score - b.score ||
          LEVEL_ORDER[a.entry.match.level] - LEVEL_ORDER[b.entry.match.level] ||
          a.entry.match.label.localeCompare(b.entry.match.label),
      );
      return scored.slice(0, filter.limit).map((s) => s.entry.match);
    },
  };
}

export type LocationIndex = ReturnType<typeof createLocationIndex>;
