import type { GeoInformation } from '@mostrador/contracts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Card } from '../../../ui/card.tsx';

export interface PlaceLevel {
  /** The level's name in the page's language (Country, State…). */
  level: string;
  id: string;
  name: string;
}

/**
 * The chosen place from the country down, each level with its name and id, and the coordinates the marketplace has
 * for the finest of them: what a listing's location is made of, said plainly.
 */
export function PlaceHierarchy({
  levels,
  geo,
}: {
  levels: readonly PlaceLevel[];
  /** The finest chosen place that has coordinates, if any does. */
  geo: { name: string; geo: GeoInformation } | null;
}) {
  const t = useT();
  const finest = levels.at(-1);
  if (!finest) return null;
  const degrees = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(3)}° ${value >= 0 ? positive : negative}`;
  return (
    <Card title={t('locations.placeHierarchy.chosenPlace')}>
      <ol
        aria-label={t('locations.placeHierarchy.chosenPlace')}
        className="flex flex-col"
        data-testid="place-hierarchy"
      >
        {levels.map((place, depth) => (
          <li
            key={place.level}
            className="grid grid-cols-[6rem_minmax(0,1fr)] items-baseline gap-x-3 py-1 text-body sm:grid-cols-[7rem_minmax(0,1fr)_auto]"
          >
            <span className="text-muted">{place.level}</span>
            <span className="truncate text-ink" style={{ paddingLeft: `${depth * 0.75}rem` }}>
              {depth > 0 ? <span className="mr-1.5 text-faint">└</span> : null}
              <span className={place === finest ? 'font-medium' : undefined}>{place.name}</span>
            </span>
            <span
              className="col-start-2 font-mono text-xs break-all text-faint sm:col-start-auto"
              style={{ paddingLeft: `${depth * 0.75}rem` }}
            >
              {place.id}
            </span>
          </li>
        ))}
      </ol>
      <p
        className="mt-2 border-t border-line pt-2 text-xs text-muted tabular"
        data-testid="place-coordinates"
      >
        {geo?.geo
          ? `${t('locations.placeHierarchy.coordinates')}: ${degrees(
              geo.geo.location.latitude,
              t('locations.placeMap.n'),
              t('locations.placeMap.s'),
            )}, ${degrees(geo.geo.location.longitude, t('locations.placeMap.e'), t('locations.placeMap.w'))} · ${geo.name}`
          : t('locations.placeMap.theMarketplaceHasNo', { name: finest.name })}
      </p>
    </Card>
  );
}
