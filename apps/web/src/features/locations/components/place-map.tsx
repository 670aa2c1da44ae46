import type { GeoInformation } from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { cardClasses } from '../../../ui/card.tsx';

export interface PlaceMapProps {
  /** The place the marker stands for, named in the map's description. */
  name: string;
  geo: GeoInformation;
  /** Half the width of the shown area, in degrees of longitude. */
  spanDegrees?: number;
}

const WIDTH = 520;
const HEIGHT = 220;

function formatDegrees(value: number, positive: string, negative: string) {
  return `${Math.abs(value).toFixed(3)}° ${value >= 0 ? positive : negative}`;
}

/**
 * The place on a plain latitude/longitude grid (equirectangular, drawn inline as SVG): no tiles, no outlines, no
 * network. Enough to see where the coordinates fall, and that they are there at all.
 */
export function PlaceMap({ name, geo, spanDegrees = 6 }: PlaceMapProps) {
  const t = useT();
  if (!geo) {
    return (
      <div className="grid h-[220px] place-items-center rounded-lg border border-dashed border-line-strong bg-surface-sunken px-6 text-center text-body text-muted">
        {t('locations.placeMap.theMarketplaceHasNo', { name })}
      </div>
    );
  }
  const { latitude, longitude } = geo.location;
  const halfX = spanDegrees;
  const halfY = (spanDegrees * HEIGHT) / WIDTH;
  const west = longitude - halfX;
  const north = latitude + halfY;
  const x = (lon: number) => ((lon - west) / (2 * halfX)) * WIDTH;
  const y = (lat: number) => ((north - lat) / (2 * halfY)) * HEIGHT;
  const step = spanDegrees > 10 ? 5 : spanDegrees > 3 ? 1 : 0.5;
  const lons: number[] = [];
  for (let lon = Math.ceil(west / step) * step; lon <= west + 2 * halfX; lon += step) lons.push(lon);
  const lats: number[] = [];
  for (let lat = Math.ceil((north - 2 * halfY) / step) * step; lat <= north; lat += step) lats.push(lat);
  const label = `${formatDegrees(latitude, 'N', 'S')}, ${formatDegrees(longitude, 'E', 'W')}`;

  return (
    <figure className={cardClasses('sunken', 'overflow-hidden')}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={translate('locations.placeMap.at', { name, label })}
        className="block h-auto w-full"
      >
        <g className="stroke-line" strokeWidth="1">
          {lons.map((lon) => (
            <line key={`x${lon}`} x1={x(lon)} x2={x(lon)} y1={0} y2={HEIGHT} />
          ))}
          {lats.map((lat) => (
            <line key={`y${lat}`} x1={0} x2={WIDTH} y1={y(lat)} y2={y(lat)} />
          ))}
        </g>
        <g className="fill-faint text-micro">
          {lons.slice(1, -1).map((lon) => (
            <text key={`lx${lon}`} x={x(lon) + 2} y={HEIGHT - 4}>
              {Math.abs(lon).toFixed(step < 1 ? 1 : 0)}°
              {lon >= 0 ? t('locations.placeMap.e') : t('locations.placeMap.w')}
            </text>
          ))}
          {lats.slice(1, -1).map((lat) => (
            <text key={`ly${lat}`} x={3} y={y(lat) - 3}>
              {Math.abs(lat).toFixed(step < 1 ? 1 : 0)}°
              {lat >= 0 ? t('locations.placeMap.n') : t('locations.placeMap.s')}
            </text>
          ))}
        </g>
        <circle cx={x(longitude)} cy={y(latitude)} r="14" className="fill-accent/15" />
        <circle
          cx={x(longitude)}
          cy={y(latitude)}
          r="5"
          className="fill-accent stroke-surface"
          strokeWidth="2"
        />
      </svg>
      <figcaption className="flex justify-between gap-2 border-t border-line px-3 py-1.5 text-xs text-muted">
        <span className="truncate">{name}</span>
        <span className="tabular">{label}</span>
      </figcaption>
    </figure>
  );
}
