import type { OperatorPermission } from '@mostrador/contracts';
import { type FormEvent, useState } from 'react';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAddOperator } from '../api/add-operator.ts';
import { operatorAddRequest } from '../model/team-members.ts';
import { PermissionChecks } from './permission-checks.tsx';

/** Adds someone with a marketplace account to the team, by nickname or user id, with the permissions chosen. */
export function AddMemberForm({ sellerId }: { sellerId: number }) {
  const t = useT();
  const [who, setWho] = useState('');
  const [permissions, setPermissions] = useState<OperatorPermission[]>(['orders.read']);
  const add = useAddOperator();
  const announce = useAnnounce();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = operatorAddRequest(who, permissions);
    if (!body) return;
    add.mutate(
      { sellerId, body },
      {
        onSuccess: (added) => {
          announce(translate('team.addMemberForm.addedToTheTeam', { nickname: added.nickname }));
          setWho('');
        },
      },
    );
  };
  return (
    <Card title={t('team.addMemberForm.addATeamMember')} bodyClassName="">
      <form onSubmit={submit} className="flex flex-col gap-3 px-4 py-3">
        <TextField
          label={t('team.addMemberForm.nicknameOrUserId')}
          hint={t('team.addMemberForm.someoneWithAMarketplace')}
          value={who}
          onChange={(event) => setWho(event.currentTarget.value)}
          autoComplete="off"
          required
          error={add.error ? add.error.message : undefined}
        />
        <PermissionChecks
          legend={translate('team.permissionChecks.permissions')}
          value={permissions}
          onChange={setPermissions}
        />
        <Button type="submit" variant="primary" className="self-start" pending={add.isPending}>
          {t('team.addMemberForm.addMember')}
        </Button>
      </form>
    </Card>
  );
}
