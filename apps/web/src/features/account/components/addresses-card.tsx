import type { UserAddress } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { messagesByKey, translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { addressesQueryOptions } from '../api/get-addresses.ts';

const ADDRESS_TYPES: Record<UserAddress['types'][number], string> = messagesByKey({
  default_selling_address: 'account.addressesCard.selling',
  default_buying_address: 'account.addressesCard.buying',
  shipping: 'account.addressesCard.shipping',
  billing: 'account.addressesCard.billing',
  business: 'account.addressesCard.business',
});

/** The account's addresses, each with what it is used for. */
export function AddressesCard({ userId }: { userId: number }) {
  const t = useT();
  const addresses = useQuery(addressesQueryOptions(userId));
  return (
    <Card title={t('account.addressesCard.addresses')} heading="inline">
      <QueryState
        query={addresses}
        compact
        loading={<Skeleton className="h-16 w-full" />}
        error={{ title: translate('account.addressesCard.yourAddressesCouldNot') }}
        isEmpty={(data) => data.length === 0}
        empty={{ title: translate('account.addressesCard.noAddressesOnThis'), className: 'text-body' }}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.map((address) => (
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
      </QueryState>
    </Card>
  );
}
