import type { LocationChoice, LocationMatch, LocationPickerView } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { messagesByKey, translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Combobox, type ComboboxOption } from '../../../ui/combobox.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { countriesQueryOptions } from '../api/get-countries.ts';
import { placeQueryOptions } from '../api/get-place.ts';
import { locationSearchQueryOptions } from '../api/search-locations.ts';
import { ListingPayload } from './listing-payload.tsx';
import { PlaceHierarchy, type PlaceLevel } from './place-hierarchy.tsx';

export interface LocationWorkspaceProps {
  view: LocationPickerView;
  /** The site of the account the dashboard works on, whose places the examples name; null signed out. */
  siteId: string | null;
  /** Replaces the chosen place in the URL (levels below a changed one are cleared by the caller's values). */
  onViewChange: (next: LocationPickerView) => void;
}

const LEVEL_NAMES = messagesByKey({
  country: 'locations.locationWorkspace.country',
  state: 'locations.locationWorkspace.state',
  city: 'locations.locationWorkspace.city',
  neighborhood: 'locations.locationWorkspace.neighborhood',
});

interface SearchOption extends ComboboxOption {
  match: LocationMatch;
}

/** Places of each site's own country that the search finds, for the search's hint (Argentina's when unknown). */
const EXAMPLES: Record<string, readonly [string, string, string]> = {
  MLA: ['Palermo', 'Córdoba', 'Mendoza'],
  MLB: ['Pinheiros', 'Campinas', 'Bahia'],
  MLM: ['Coyoacán', 'Guadalajara', 'Jalisco'],
  MLU: ['Pocitos', 'Rocha', 'Cabo Polonio'],
};

const toOptions = (places: readonly { id: string; name: string }[]): ComboboxOption[] =>
  places.map((place) => ({ id: place.id, label: place.name }));

/** Country → state → city → neighborhood, one search across all of them, the listing payload and a small map. */
export function LocationWorkspace({ view, siteId, onViewChange }: LocationWorkspaceProps) {
  const t = useT();
  const countries = useQuery(countriesQueryOptions());
  const country = useQuery(placeQueryOptions('countries', view.country));
  const state = useQuery(placeQueryOptions('states', view.state));
  const city = useQuery(placeQueryOptions('cities', view.city));
  const neighborhood = useQuery(placeQueryOptions('neighborhoods', view.neighborhood));

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const search = useQuery(locationSearchQueryOptions(deferredQuery));
  const searchOptions: SearchOption[] =
    deferredQuery.length >= 2
      ? (search.data?.results ?? []).map((match) => ({
          id: `${match.level}:${match.id}`,
          label: match.label,
          description: LEVEL_NAMES[match.level],
          match,
        }))
      : [];

  const pick = (match: LocationMatch) => {
    if (match.level === 'country') onViewChange({ country: match.id });
    else if (match.level === 'state') onViewChange({ country: match.country.id, state: match.id });
    else if (match.level === 'city')
      onViewChange({ country: match.country.id, state: match.state?.id, city: match.id });
    else
      onViewChange({
        country: match.country.id,
        state: match.state?.id,
        city: match.city?.id,
        neighborhood: match.id,
      });
  };

  // A level with a single choice is chosen for the person: a state with one city, a city with one neighborhood.
  const only = <T extends { id: string }>(places: readonly T[] | undefined) =>
    places?.length === 1 ? places[0]!.id : undefined;
  const onlyState = view.country && !view.state ? only(country.data?.states) : undefined;
  const onlyCity = view.state && !view.city ? only(state.data?.cities) : undefined;
  const onlyNeighborhood = view.city && !view.neighborhood ? only(city.data?.neighborhoods) : undefined;
  useEffect(() => {
    if (onlyState) onViewChange({ country: view.country, state: onlyState });
    else if (onlyCity) onViewChange({ country: view.country, state: view.state, city: onlyCity });
    else if (onlyNeighborhood)
      onViewChange({
        country: view.country,
        state: view.state,
        city: view.city,
        neighborhood: onlyNeighborhood,
      });
  }, [onlyState, onlyCity, onlyNeighborhood, view.country, view.state, view.city, onViewChange]);

  const cityHasNeighborhoods = city.data ? city.data.neighborhoods.length > 0 : undefined;
  const choice: LocationChoice = {
    ...(country.data ? { country: { id: country.data.id, name: country.data.name } } : {}),
    ...(state.data ? { state: { id: state.data.id, name: state.data.name } } : {}),
    ...(city.data
      ? {
          city: {
            id: city.data.id,
            name: city.data.name,
            hasNeighborhoods: city.data.neighborhoods.length > 0,
          },
        }
      : {}),
    ...(neighborhood.data
      ? { neighborhood: { id: neighborhood.data.id, name: neighborhood.data.name } }
      : {}),
  };
  // The coordinates are the finest chosen place's that has them.
  const mapped = [neighborhood.data, city.data, state.data, country.data].find(
    (place) => place?.geo_information,
  );
  const levels: PlaceLevel[] = (
    [
      ['country', country.data],
      ['state', state.data],
      ['city', city.data],
      ['neighborhood', neighborhood.data],
    ] as const
  ).flatMap(([level, place]) =>
    place ? [{ level: LEVEL_NAMES[level], id: place.id, name: place.name }] : [],
  );
  const [first, second, third] = EXAMPLES[siteId ?? ''] ?? EXAMPLES.MLA!;

  return (
    <>
      <PageHeader
        title={t('locations.locationWorkspace.locations')}
        description={t('locations.locationWorkspace.findWhereAClassified')}
      />
      <QueryState
        query={countries}
        pending="children"
        error={{
          title: translate('locations.locationWorkspace.theCountriesCouldNot'),
          description: translate('locations.locationWorkspace.checkYourConnectionAnd'),
        }}
      >
        {() => (
          <div className="grid gap-6 px-6 py-5 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
            <div className="flex flex-col gap-5">
              <Combobox<SearchOption>
                label={t('locations.locationWorkspace.searchAllPlaces')}
                placeholder={t('locations.locationWorkspace.aNeighborhoodCityState')}
                options={searchOptions}
                value={null}
                onQueryChange={setQuery}
                loading={deferredQuery.length >= 2 && search.isFetching}
                emptyMessage={
                  deferredQuery.length < 2
                    ? t('locations.locationWorkspace.typeTwoLetters')
                    : t('locations.locationWorkspace.noPlaceMatches')
                }
                hint={t('locations.locationWorkspace.forExamplePalermoCo', { first, second, third })}
                onChange={(option) => {
                  if (!option) return;
                  setQuery('');
                  pick(option.match);
                }}
              />
              <fieldset className="flex flex-col gap-4 rounded-lg border border-line p-4">
                <legend className="px-1 text-body font-semibold text-ink">
                  {t('locations.locationWorkspace.orChooseStepBy')}
                </legend>
                <Combobox
                  label={t('locations.locationWorkspace.country')}
                  options={toOptions(countries.data ?? [])}
                  loading={countries.isPending}
                  value={view.country ?? null}
                  onChange={(option) => onViewChange({ country: option?.id })}
                />
                <Combobox
                  label={t('locations.locationWorkspace.state')}
                  options={toOptions(country.data?.states ?? [])}
                  loading={country.isFetching}
                  disabled={!view.country}
                  value={view.state ?? null}
                  emptyMessage={t('locations.locationWorkspace.noStateMatches')}
                  onChange={(option) => onViewChange({ country: view.country, state: option?.id })}
                />
                <Combobox
                  label={t('locations.locationWorkspace.city')}
                  options={toOptions(state.data?.cities ?? [])}
                  loading={state.isFetching}
                  disabled={!view.state}
                  value={view.city ?? null}
                  emptyMessage={
                    state.data?.cities.length === 0
                      ? t('locations.locationWorkspace.stateWithoutCities')
                      : t('locations.locationWorkspace.noCityMatches')
                  }
                  onChange={(option) =>
                    onViewChange({ country: view.country, state: view.state, city: option?.id })
                  }
                />
                <Combobox
                  label={t('locations.locationWorkspace.neighborhood')}
                  options={toOptions(city.data?.neighborhoods ?? [])}
                  loading={city.isFetching}
                  disabled={!view.city || cityHasNeighborhoods === false}
                  value={view.neighborhood ?? null}
                  hint={
                    cityHasNeighborhoods === false && city.data
                      ? translate('locations.locationWorkspace.hasNoNeighborhoodsThe', {
                          name: city.data.name,
                        })
                      : undefined
                  }
                  onChange={(option) =>
                    onViewChange({
                      country: view.country,
                      state: view.state,
                      city: view.city,
                      neighborhood: option?.id,
                    })
                  }
                />
              </fieldset>
            </div>
            <div className="flex min-w-0 flex-col gap-5">
              <ListingPayload choice={choice} />
              <PlaceHierarchy
                levels={levels}
                geo={mapped?.geo_information ? { name: mapped.name, geo: mapped.geo_information } : null}
              />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
