// @vitest-environment jsdom
import type { LocationPickerView } from '@mostrador/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../test-support/render.tsx';
import { LocationWorkspace } from './location-workspace.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UY = { id: 'UY', name: 'Uruguay', locale: 'es_UY', currency_id: 'UYU' };
const BR = { id: 'BR', name: 'Brasil', locale: 'pt_BR', currency_id: 'BRL' };
const ROCHA = { id: 'UY-RO', name: 'Rocha' };
const CABO = { id: 'TUxVQ0NBQjY1MmQ1', name: 'Cabo Polonio' };
const geo = (latitude: number, longitude: number) => ({ location: { latitude, longitude } });

function places() {
  answerFetch({
    'GET /api/classified_locations/countries': [UY, BR],
    'GET /api/classified_locations/countries/UY': {
      ...UY,
      decimal_separator: ',',
      thousands_separator: '.',
      time_zone: 'GMT-03:00',
      geo_information: null,
      states: [ROCHA, { id: 'UY-MO', name: 'Montevideo' }],
    },
    'GET /api/classified_locations/states/UY-RO': {
      ...ROCHA,
      country: { id: 'UY', name: 'Uruguay' },
      geo_information: geo(-34.483, -54.333),
      cities: [CABO],
    },
    [`GET /api/classified_locations/cities/${CABO.id}`]: {
      ...CABO,
      state: ROCHA,
      country: { id: 'UY', name: 'Uruguay' },
      geo_information: null,
      neighborhoods: [],
    },
  });
}

/** The workspace over a view that stands for the URL, as the route keeps it. */
function Picker({ initial, siteId }: { initial: LocationPickerView; siteId: string | null }) {
  const [view, setView] = useState(initial);
  return <LocationWorkspace view={view} siteId={siteId} onViewChange={setView} />;
}

describe('LocationWorkspace', () => {
  it('asks for a place without a warning while nothing is chosen, with examples of the seller’s own site', async () => {
    places();
    await renderWithApp(<Picker initial={{}} siteId="MLB" />);
    expect(await screen.findByText('For example Pinheiros, Campinas or Bahia.')).toBeTruthy();
    expect(screen.getByTestId('listing-payload-waiting').textContent).toMatch(/^Choose a place/);
    expect(screen.queryByTestId('listing-payload-refusal')).toBeNull();
    expect(screen.queryByTestId('place-hierarchy')).toBeNull();
  });

  it('picks the only city of a state, and shows the place from the country down with its payload', async () => {
    places();
    await renderWithApp(<Picker initial={{ country: 'UY', state: 'UY-RO' }} siteId="MLA" />);
    await waitFor(() => expect(screen.getByTestId('listing-payload').textContent).toContain(CABO.id));
    const hierarchy = screen.getByTestId('place-hierarchy');
    expect([...hierarchy.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'CountryUruguayUY',
      'State└RochaUY-RO',
      `City└Cabo Polonio${CABO.id}`,
    ]);
    expect(screen.getByTestId('place-coordinates').textContent).toBe(
      'Coordinates: 34.483° S, 54.333° W · Rocha',
    );
    expect(screen.getByText('For example Palermo, Córdoba or Mendoza.')).toBeTruthy();
  });
});
