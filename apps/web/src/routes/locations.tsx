import { locationPickerViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { countriesQueryOptions } from '../features/locations/api/get-countries.ts';
import { LocationWorkspace } from '../features/locations/components/location-workspace.tsx';
import { translate } from '../lib/i18n/i18n.ts';

export const Route = createFileRoute('/locations')({
  staticData: {
    get title() {
      return translate('shell.locations.locations');
    },
  },
  validateSearch: locationPickerViewSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(countriesQueryOptions()),
  component: LocationsPage,
});

function LocationsPage() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LocationWorkspace view={view} onViewChange={(next) => navigate({ search: next, replace: true })} />;
}
