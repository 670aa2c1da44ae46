import { createFileRoute } from '@tanstack/react-router';
import { LocationIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/locations')({
  staticData: { title: 'Locations' },
  component: LocationsPage,
});

function LocationsPage() {
  return (
    <WorkspacePlaceholder
      title="Locations"
      icon={LocationIcon}
      description="The places a classified listing can name: country, state, city and neighborhood."
      planned={[
        'Browse the location tree of each country, from states down to neighborhoods.',
        'Find the neighborhood ID (or the city ID, where a city has no neighborhoods) a listing must carry.',
        'See each country’s currency, time zone and number format.',
      ]}
    />
  );
}
