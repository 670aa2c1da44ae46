import { type LocationPickerView, locationPickerViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadWorkingAccount } from '../features/account/api/get-session.ts';
import { countriesQueryOptions } from '../features/locations/api/get-countries.ts';
import { LocationWorkspace } from '../features/locations/components/location-workspace.tsx';
import { translate } from '../lib/i18n/i18n.ts';

export const Route = createFileRoute('/locations')({
  staticData: {
    get title() {
      return translate('shell.locations.locations');
    },
  },
  // Signed in, the examples name places of the account's own site.
  beforeLoad: ({ context: { queryClient } }) => loadWorkingAccount(queryClient),
  validateSearch: locationPickerViewSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(countriesQueryOptions()),
  component: LocationsPage,
});

function LocationsPage() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const siteId = Route.useRouteContext({ select: (context) => context.account?.site_id ?? null });
  const onViewChange = useCallback(
    (next: LocationPickerView) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <LocationWorkspace view={view} siteId={siteId} onViewChange={onViewChange} />;
}
