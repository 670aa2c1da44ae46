import type { Operator } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { operatorsQueryOptions } from '../api/get-operators.ts';
import { AccessLog } from './access-log.tsx';
import { AddMemberForm } from './add-member-form.tsx';
import { EditMemberDialog } from './edit-member-dialog.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { TeamTable } from './team-table.tsx';

export interface TeamWorkspaceProps {
  seller: { id: number; nickname: string };
  locale: string;
  /** Offset of the access log page, kept in the URL by the route. */
  logOffset: number;
  onLogOffsetChange: (offset: number) => void;
}

/** The seller's team (who may act for it, with what) and the log of who read whose personal data. */
export function TeamWorkspace({ seller, locale, logOffset, onLogOffsetChange }: TeamWorkspaceProps) {
  const t = useT();
  const team = useQuery(operatorsQueryOptions(seller.id));
  const [editing, setEditing] = useState<Operator | null>(null);
  const [removing, setRemoving] = useState<Operator | null>(null);
  return (
    <>
      <PageHeader
        title={t('team.teamWorkspace.team')}
        description={translate('team.teamWorkspace.peopleWhoWorkOn', { nickname: seller.nickname })}
      />
      <div className="flex flex-col gap-6 px-4 pt-5 pb-8 sm:px-6">
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="flex flex-col gap-2">
            <QueryState
              query={team}
              pending="children"
              error={{ title: translate('team.teamWorkspace.theTeamCouldNot') }}
            >
              {(data) => (
                <TeamTable
                  operators={data?.operators ?? []}
                  loading={data === undefined}
                  locale={locale}
                  onEdit={setEditing}
                  onRemove={setRemoving}
                />
              )}
            </QueryState>
          </div>
          <AddMemberForm sellerId={seller.id} />
        </div>
        <AccessLog
          sellerId={seller.id}
          locale={locale}
          offset={logOffset}
          onOffsetChange={onLogOffsetChange}
        />
      </div>
      {editing ? (
        <EditMemberDialog sellerId={seller.id} operator={editing} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? (
        <RemoveMemberDialog sellerId={seller.id} operator={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </>
  );
}
