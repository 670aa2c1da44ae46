import type { OperatorPermission } from '@mostrador/contracts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useT } from '../../lib/i18n/use-t.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** A workspace a team member opened for a seller that did not give it the permission the page needs. */
export function PermissionRequired({
  title,
  account,
  permission,
}: {
  title: string;
  account: string;
  permission: OperatorPermission | 'owner';
}) {
  const t = useT();
  return (
    <>
      <PageHeader title={title} description={translate('shell.permissionRequired.workingOn', { account })} />
      <EmptyState
        icon={<AlertIcon />}
        title={
          permission === 'owner'
            ? t('shell.permissionRequired.onlyTheAccountOwner')
            : translate('shell.permissionRequired.hasNotGivenYou', {
                account,
                value: translate(`permission.${permission}`),
              })
        }
        description={t('shell.permissionRequired.askTheSellerTo')}
      />
    </>
  );
}
