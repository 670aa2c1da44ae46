import type { Operator } from '@mostrador/contracts';
import { formatDate } from '../../../lib/format.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { AccountIcon } from '../../../ui/icons.tsx';
import { PermissionBadges } from './permission-badges.tsx';

/** The team: each member, what they may do, since when, and the way to change that or remove them. */
export function TeamTable({
  operators,
  loading,
  locale,
  onEdit,
  onRemove,
}: {
  operators: readonly Operator[];
  loading: boolean;
  locale: string;
  onEdit: (operator: Operator) => void;
  onRemove: (operator: Operator) => void;
}) {
  const t = useT();
  const columns: DataTableColumn<Operator>[] = [
    {
      id: 'member',
      header: translate('team.teamTable.member'),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium text-ink">
            {row.nickname}
            <span className="ml-1.5 text-xs font-normal text-faint tabular max-sm:hidden">
              #{row.user_id}
            </span>
          </span>
          {/* On a phone the permissions go under the name, so the way to edit or remove stays on screen. */}
          <span className="sm:hidden">
            <PermissionBadges permissions={row.permissions} />
          </span>
        </span>
      ),
    },
    {
      id: 'permissions',
      header: translate('team.teamTable.permissions'),
      className: 'max-sm:hidden',
      cell: (row) => <PermissionBadges permissions={row.permissions} />,
    },
    {
      id: 'since',
      header: translate('team.teamTable.added'),
      className: 'w-28 max-sm:hidden',
      cell: (row) => (
        <span className="whitespace-nowrap text-muted tabular">
          {formatDate(row.date_created, locale, { style: 'date' })}
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('team.teamTable.actions')}</span>,
      align: 'end',
      className: 'w-36',
      cell: (row) => (
        <span className="flex justify-end gap-1 whitespace-nowrap">
          <Button size="sm" variant="ghost" onClick={() => onEdit(row)}>
            <T
              id="team.teamTable.editNamed"
              values={{ nickname: row.nickname }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onRemove(row)}>
            <T
              id="team.teamTable.removeNamed"
              values={{ nickname: row.nickname }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('team.teamTable.teamMembers')}
      columns={columns}
      rows={operators}
      getRowKey={(row) => row.user_id}
      loading={loading}
      skeletonRows={2}
      empty={
        <EmptyState
          icon={<AccountIcon />}
          title={t('team.teamTable.noTeamMembersYet')}
          description={t('team.teamTable.addSomeoneToLet')}
        />
      }
    />
  );
}
