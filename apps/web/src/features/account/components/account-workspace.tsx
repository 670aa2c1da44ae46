import { useQuery } from '@tanstack/react-query';
import { env } from '../../../lib/env.ts';
import { formatDate, localeForSite } from '../../../lib/format.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { meQueryOptions } from '../api/get-me.ts';
import { AddressesCard } from './addresses-card.tsx';
import { ApplicationsCard } from './applications-card.tsx';
import { ImmediatePaymentCard } from './immediate-payment-card.tsx';
import { PaymentMethodsCard } from './payment-methods-card.tsx';
import { ReputationCard } from './reputation-card.tsx';

export interface AccountWorkspaceProps {
  userId: number;
  onSessionRevoked: () => void;
}

/** The private view of the signed-in account: reputation, sell equals pay, addresses, payment methods, apps. */
export function AccountWorkspace({ userId, onSessionRevoked }: AccountWorkspaceProps) {
  const t = useT();
  const me = useQuery(meQueryOptions(userId));
  const user = me.data;
  return (
    <>
      <PageHeader
        title={t('account.accountWorkspace.account')}
        description={
          user ? (
            <>
              <span className="font-medium text-ink">{user.nickname}</span> · {user.first_name}{' '}
              {user.last_name} · {user.email} ·{' '}
              {t('account.accountWorkspace.memberSince', {
                date: formatDate(user.registration_date, localeForSite(user.site_id), { style: 'date' }),
              })}
            </>
          ) : undefined
        }
      />
      <QueryState
        query={me}
        loading={null}
        error={{
          title: translate('account.accountWorkspace.yourAccountCouldNot'),
          description: translate('account.accountWorkspace.checkYourConnectionAnd'),
        }}
      >
        {(data) => (
          <div className="grid items-start gap-5 px-6 py-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-5">
              <ReputationCard me={data} />
              <div className="grid items-start gap-5 md:grid-cols-2">
                <AddressesCard userId={userId} />
                <PaymentMethodsCard userId={userId} />
              </div>
            </div>
            <div className="flex flex-col gap-5">
              <ImmediatePaymentCard me={data} />
              <ApplicationsCard
                userId={userId}
                nickname={data.nickname}
                sessionApplicationId={env.VITE_MARKETPLACE_APPLICATION_ID}
                onSessionRevoked={onSessionRevoked}
              />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
