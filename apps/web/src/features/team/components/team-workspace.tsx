import {
  OPERATOR_PERMISSION_LABELS,
  OPERATOR_PERMISSIONS,
  type Operator,
  type OperatorPermission,
  type PersonalDataAccess,
} from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { AccountIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/input.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { useAddOperator } from '../api/add-operator.ts';
import { ACCESS_LOG_PAGE, accessLogQueryOptions } from '../api/get-access-log.ts';
import { operatorsQueryOptions } from '../api/get-operators.ts';
import { useRemoveOperator } from '../api/remove-operator.ts';
import { useUpdateOperator } from '../api/update-operator.ts';

export interface TeamWorkspaceProps {
  seller: { id: number; nickname: string };
  locale: string;
  /** Offset of the access log page, kept in the URL by the route. */
  logOffset: number;
  onLogOffsetChange: (offset: number) => void;
}

const PERMISSION_HINTS: Record<OperatorPermission, string> = {
  'orders.read': 'Open orders and search them',
  'feedback.reply': 'Answer feedback buyers gave you',
  'blocklists.manage': 'Block and unblock buyers',
  'buyers.personal_data.read': 'See buyers’ names and phones in orders; every read is logged',
  'immediate_payment.manage': 'Turn immediate payment on or off',
};

const FIELD_LABELS: Record<string, string> = {
  first_name: 'first name',
  last_name: 'last name',
  phone: 'phone',
  alternative_phone: 'alt. phone',
  email: 'e-mail',
  identification: 'identification',
  address: 'address',
};

function PermissionChecks({
  value,
  onChange,
  legend,
}: {
  value: readonly OperatorPermission[];
  onChange: (next: OperatorPermission[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="mb-1 text-body font-medium text-ink">{legend}</legend>
      {OPERATOR_PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          className="h-auto py-1"
          checked={value.includes(permission)}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? OPERATOR_PERMISSIONS.filter((p) => p === permission || value.includes(p))
                : value.filter((p) => p !== permission),
            )
          }
          label={
            <span className="flex flex-col">
              <span>{OPERATOR_PERMISSION_LABELS[permission]}</span>
              <span className="text-xs text-muted">{PERMISSION_HINTS[permission]}</span>
            </span>
          }
        />
      ))}
    </fieldset>
  );
}

function AddMember({ sellerId }: { sellerId: number }) {
  const [who, setWho] = useState('');
  const [permissions, setPermissions] = useState<OperatorPermission[]>(['orders.read']);
  const add = useAddOperator();
  const announce = useAnnounce();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = who.trim();
    if (text === '') return;
    const body = /^\d+$/.test(text)
      ? { user_id: Number(text), permissions }
      : { nickname: text, permissions };
    add.mutate(
      { sellerId, body },
      {
        onSuccess: (added) => {
          announce(`${added.nickname} added to the team`);
          setWho('');
        },
      },
    );
  };
  return (
    <section aria-labelledby="add-member" className="rounded-lg border border-line bg-surface">
      <h2 id="add-member" className="border-b border-line px-4 py-2.5 text-body font-semibold text-ink">
        Add a team member
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 px-4 py-3">
        <TextField
          label="Nickname or user id"
          hint="Someone with a marketplace account on your site."
          value={who}
          onChange={(event) => setWho(event.currentTarget.value)}
          autoComplete="off"
          required
          error={add.error ? add.error.message : undefined}
        />
        <PermissionChecks legend="Permissions" value={permissions} onChange={setPermissions} />
        <Button type="submit" variant="primary" className="self-start" pending={add.isPending}>
          Add member
        </Button>
      </form>
    </section>
  );
}

function EditMember({
  sellerId,
  operator,
  onClose,
}: {
  sellerId: number;
  operator: Operator;
  onClose: () => void;
}) {
  const [permissions, setPermissions] = useState<OperatorPermission[]>([...operator.permissions]);
  const update = useUpdateOperator();
  const announce = useAnnounce();
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Permissions of ${operator.nickname}`}
      description="Changes apply to their next request."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            pending={update.isPending}
            onClick={() =>
              update.mutate(
                { sellerId, operatorId: operator.user_id, permissions },
                {
                  onSuccess: () => {
                    announce(`Permissions of ${operator.nickname} saved`);
                    onClose();
                  },
                },
              )
            }
          >
            Save
          </Button>
        </>
      }
    >
      <PermissionChecks legend="Permissions" value={permissions} onChange={setPermissions} />
      {update.isError ? (
        <p role="alert" className="mt-2 rounded-md bg-danger-soft px-3 py-2 text-body text-danger-soft-ink">
          {update.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}

function RemoveMember({
  sellerId,
  operator,
  onClose,
}: {
  sellerId: number;
  operator: Operator;
  onClose: () => void;
}) {
  const remove = useRemoveOperator();
  const announce = useAnnounce();
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Remove ${operator.nickname} from the team?`}
      description="They lose access to your account at once. Reads they made stay in the access log."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="danger"
            pending={remove.isPending}
            onClick={() =>
              remove.mutate(
                { sellerId, operatorId: operator.user_id },
                {
                  onSuccess: () => {
                    announce(`${operator.nickname} removed from the team`);
                    onClose();
                  },
                },
              )
            }
          >
            Remove
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-body text-danger-soft-ink">
          {remove.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}

function AccessLog({
  sellerId,
  locale,
  offset,
  onOffsetChange,
}: {
  sellerId: number;
  locale: string;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const log = useQuery(accessLogQueryOptions(sellerId, offset));
  const headingId = useId();
  const columns: DataTableColumn<PersonalDataAccess>[] = [
    {
      id: 'when',
      header: 'When',
      className: 'w-44',
      cell: (row) => <span className="tabular text-muted">{formatDate(row.accessed_at, locale)}</span>,
    },
    {
      id: 'who',
      header: 'Read by',
      cell: (row) =>
        row.operator ? (
          <span>
            {row.operator.nickname ?? `User ${row.operator.id}`} <Badge tone="info">Team</Badge>
          </span>
        ) : (
          <span className="text-muted">Your account</span>
        ),
    },
    {
      id: 'subject',
      header: 'Whose data',
      cell: (row) => (
        <span>
          {row.subject.id === sellerId ? 'Your own' : (row.subject.nickname ?? 'Erased user')}
          <span className="ml-1.5 text-xs text-faint tabular">#{row.subject.id}</span>
        </span>
      ),
    },
    {
      id: 'fields',
      header: 'Data',
      cell: (row) => (
        <span className="text-muted">{row.fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}</span>
      ),
    },
    {
      id: 'resource',
      header: 'Where',
      cell: (row) => <code className="text-xs text-muted">{row.resource}</code>,
    },
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div>
        <h2 id={headingId} className="text-sm font-semibold text-ink">
          Personal data access log
        </h2>
        <p className="text-body text-muted">
          Every read of someone’s personal data under your account: by you or by a member of your team.
        </p>
      </div>
      {log.error ? (
        <ErrorState
          title="The access log could not be loaded"
          description={log.error.message}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : (
        <>
          <DataTable
            caption="Personal data access log"
            captionHidden
            columns={columns}
            rows={log.data?.results ?? []}
            getRowKey={(row) =>
              `${row.accessed_at}|${row.subject.id}|${row.operator?.id ?? 0}|${row.resource}`
            }
            loading={log.isPending}
            skeletonRows={5}
            empty={
              <EmptyState
                title="No reads yet"
                description="Reads of personal data appear here as they happen."
              />
            }
          />
          {log.data ? (
            <Pagination
              offset={offset}
              limit={ACCESS_LOG_PAGE}
              total={log.data.paging.total}
              onChange={onOffsetChange}
              noun="reads"
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/** The seller's team (who may act for it, with what) and the log of who read whose personal data. */
export function TeamWorkspace({ seller, locale, logOffset, onLogOffsetChange }: TeamWorkspaceProps) {
  const team = useQuery(operatorsQueryOptions(seller.id));
  const [editing, setEditing] = useState<Operator | null>(null);
  const [removing, setRemoving] = useState<Operator | null>(null);
  const columns: DataTableColumn<Operator>[] = [
    {
      id: 'member',
      header: 'Member',
      cell: (row) => (
        <span className="font-medium text-ink">
          {row.nickname}
          <span className="ml-1.5 text-xs font-normal text-faint tabular">#{row.user_id}</span>
        </span>
      ),
    },
    {
      id: 'permissions',
      header: 'Permissions',
      cell: (row) =>
        row.permissions.length === 0 ? (
          <span className="text-muted">None</span>
        ) : (
          <span className="flex flex-wrap gap-1">
            {row.permissions.map((p) => (
              <Badge key={p} tone={p === 'buyers.personal_data.read' ? 'warning' : 'neutral'}>
                {OPERATOR_PERMISSION_LABELS[p]}
              </Badge>
            ))}
          </span>
        ),
    },
    {
      id: 'since',
      header: 'Added',
      className: 'w-28',
      cell: (row) => (
        <span className="whitespace-nowrap text-muted tabular">
          {formatDate(row.date_created, locale, { style: 'date' })}
        </span>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      className: 'w-36',
      cell: (row) => (
        <span className="flex justify-end gap-1 whitespace-nowrap">
          <Button size="sm" variant="ghost" onClick={() => setEditing(row)}>
            Edit<span className="sr-only"> permissions of {row.nickname}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRemoving(row)}>
            Remove<span className="sr-only"> {row.nickname}</span>
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Team"
        description={`People who work on ${seller.nickname} with their own sign-in, and what each may do.`}
      />
      <div className="flex flex-col gap-6 px-6 pt-5 pb-8">
        <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="flex flex-col gap-2">
            {team.error ? (
              <ErrorState
                title="The team could not be loaded"
                description={team.error.message}
                onRetry={() => void team.refetch()}
                retrying={team.isFetching}
              />
            ) : (
              <DataTable
                caption="Team members"
                columns={columns}
                rows={team.data?.operators ?? []}
                getRowKey={(row) => row.user_id}
                loading={team.isPending}
                skeletonRows={2}
                empty={
                  <EmptyState
                    icon={<AccountIcon />}
                    title="No team members yet"
                    description="Add someone to let them work on your account with their own sign-in."
                  />
                }
              />
            )}
          </div>
          <AddMember sellerId={seller.id} />
        </div>
        <AccessLog
          sellerId={seller.id}
          locale={locale}
          offset={logOffset}
          onOffsetChange={onLogOffsetChange}
        />
      </div>
      {editing ? (
        <EditMember sellerId={seller.id} operator={editing} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? (
        <RemoveMember sellerId={seller.id} operator={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </>
  );
}
