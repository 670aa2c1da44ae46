import type { UserAddress } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { env } from '../../../lib/env.ts';
import { formatDate, localeForSite } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { addressesQueryOptions } from '../api/get-addresses.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { paymentMethodsQueryOptions } from '../api/get-payment-methods.ts';
import { ApplicationsCard } from './applications-card.tsx';
import { ImmediatePaymentCard } from './immediate-payment-card.tsx';
import { ReputationCard } from './reputation-card.tsx';

const ADDRESS_TYPES: Record<UserAddress['types'][number], string> = {
  default_selling_address: 'Selling',
  default_buying_address: 'Buying',
  shipping: 'Shipping',
  billing: 'Billing',
  business: 'Business',
};

export interface AccountWorkspaceProps {
  userId: number;
  onSessionRevoked: () => void;
}

/** The private view of the signed-in account: reputation, sell equals pay, addresses, payment methods, apps. */
export function AccountWorkspace({ userId, onSessionRevoked }: AccountWorkspaceProps) {
  const me = useQuery(meQueryOptions(userId));
  if (me.isError) {
    return (
      <>
        <PageHeader title="Account" />
        <ErrorState
          title="Your account could not be loaded"
          onRetry={() => me.refetch()}
          retrying={me.isFetching}
        />
      </>
    );
  }
  if (!me.data) return <PageHeader title="Account" />;
  const user = me.data;
  const locale = localeForSite(user.site_id);
  return (
    <>
      <PageHeader
        title="Account"
        description={
          <>
            <span className="font-medium text-ink">{user.nickname}</span> · {user.first_name} {user.last_name}{' '}
            · {user.email} · on the marketplace since{' '}
            {formatDate(user.registration_date, locale, { style: 'date' })}
          </>
        }
      />
      <div className="grid items-start gap-5 px-6 py-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <ReputationCard me={user} />
          <div className="grid items-start gap-5 md:grid-cols-2">
            <Addresses userId={userId} />
            <PaymentMethods userId={userId} />
          </div>
        </div>
        <div className="flex flex-col gap-5">
          <ImmediatePaymentCard me={user} />
          <ApplicationsCard
            userId={userId}
            nickname={user.nickname}
            sessionApplicationId={env.VITE_MARKETPLACE_APPLICATION_ID}
            onSessionRevoked={onSessionRevoked}
          />
        </div>
      </div>
    </>
  );
}

function Addresses({ userId }: { userId: number }) {
  const addresses = useQuery(addressesQueryOptions(userId));
  return (
    <section
      aria-labelledby="addresses-heading"
      className="rounded-lg border border-line bg-surface p-4 shadow-xs"
    >
      <h2 id="addresses-heading" className="mb-3 text-sm font-semibold text-ink">
        Addresses
      </h2>
      {addresses.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : addresses.isError ? (
        <p className="text-body text-muted">Your addresses could not be loaded.</p>
      ) : addresses.data.length === 0 ? (
        <p className="text-body text-muted">No addresses on this account.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {addresses.data.map((address) => (
            <li key={address.id} className="text-body leading-5">
              <p className="font-medium text-ink">{address.address_line}</p>
              <p className="text-muted">
                {[address.city.name, address.state.name, address.country.name, address.zip_code]
                  .filter(Boolean)
                  .join(', ')}
              </p>
              {address.types.length > 0 ? (
                <p className="mt-1.5 flex flex-wrap gap-1">
                  {address.types.map((type) => (
                    <Badge key={type}>{ADDRESS_TYPES[type]}</Badge>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentMethods({ userId }: { userId: number }) {
  const methods = useQuery(paymentMethodsQueryOptions(userId));
  return (
    <section
      aria-labelledby="payment-methods-heading"
      className="rounded-lg border border-line bg-surface p-4 shadow-xs"
    >
      <h2 id="payment-methods-heading" className="mb-3 text-sm font-semibold text-ink">
        Accepted payment methods
      </h2>
      {methods.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : methods.isError ? (
        <p className="text-body text-muted">The payment methods could not be loaded.</p>
      ) : (
        <ul aria-label="Accepted payment methods" className="flex flex-col divide-y divide-line text-body">
          {methods.data.map((method) => (
            <li key={method.id} className="flex items-center justify-between gap-2 py-1.5">
              <span className="text-ink">{method.name}</span>
              <span className="text-xs text-faint">{method.payment_type_id.replaceAll('_', ' ')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
