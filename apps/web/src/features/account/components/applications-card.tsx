import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { scopeName } from '../../../lib/i18n/code-names.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { applicationQueryOptions } from '../api/get-application.ts';
import { useRevokeApplication } from '../api/revoke-application.ts';

export interface ApplicationsCardProps {
  userId: number;
  nickname: string;
  /** The application this session signs in through: revoking it ends the session's access. */
  sessionApplicationId: number;
  /** Called once the session's own application is revoked; the page sends the user to sign in again. */
  onSessionRevoked: () => void;
}

/**
 * The applications connected to the account that Mostrador knows of: the one it signs in through (the marketplace
 * has no read listing every grant). Revoking asks first; afterwards the session cannot act, so the user is sent to
 * sign in again with the reason, before any call is refused.
 */
export function ApplicationsCard({
  userId,
  nickname,
  sessionApplicationId,
  onSessionRevoked,
}: ApplicationsCardProps) {
  const t = useT();
  const application = useQuery(applicationQueryOptions(userId, sessionApplicationId));
  const revoke = useRevokeApplication();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    revoke.mutate(
      { userId, applicationId: sessionApplicationId },
      {
        onSuccess: () => {
          setConfirming(false);
          onSessionRevoked();
        },
      },
    );

  const name = application.data?.name ?? t('account.applicationsCard.thisApplication');
  return (
    <Card title={t('account.applicationsCard.connectedApplications')} heading="inline">
      <QueryState
        query={application}
        compact
        loading={<Skeleton className="h-12 w-full" />}
        error={{ title: translate('account.applicationsCard.theApplicationCouldNot') }}
      >
        {(data) => (
          <ul
            aria-label={t('account.applicationsCard.connectedApplications')}
            className="flex flex-col gap-2"
          >
            <li className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-body font-medium text-ink">
                  {data.name}
                  <Badge tone="accent">{t('account.applicationsCard.thisSession')}</Badge>
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {t('account.applicationsCard.scopes', {
                    scopes: data.scopes.map(scopeName).join(', '),
                    id: data.id,
                  })}
                </p>
              </div>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                <T
                  id="account.applicationsCard.revokeNamed"
                  values={{ name: data.name }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </Button>
            </li>
          </ul>
        )}
      </QueryState>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={translate('account.applicationsCard.revoke', { name })}
        description={translate('account.applicationsCard.willLoseAccessTo', { name, nickname })}
        confirm={{
          label: translate('account.applicationsCard.revokeAccess'),
          variant: 'danger',
          pending: revoke.isPending,
          onConfirm: confirm,
        }}
      >
        {revoke.isError ? <FormError>{t('account.applicationsCard.theAccessCouldNot')}</FormError> : null}
      </Dialog>
    </Card>
  );
}
