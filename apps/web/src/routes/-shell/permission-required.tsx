import { OPERATOR_PERMISSION_LABELS, type OperatorPermission } from '@mostrador/contracts';
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
  return (
    <>
      <PageHeader title={title} description={`Working on ${account}.`} />
      <EmptyState
        icon={<AlertIcon />}
        title={
          permission === 'owner'
            ? 'Only the account owner can use this page'
            : `${account} has not given you “${OPERATOR_PERMISSION_LABELS[permission]}”`
        }
        description="Ask the seller to change your permissions on their team, or work on your own account from the account menu."
      />
    </>
  );
}
