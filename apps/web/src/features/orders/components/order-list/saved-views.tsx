import { SAVED_VIEWS_MAX, type SavedView } from '@mostrador/contracts';
import { useState } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { Popover } from '../../../../ui/popover.tsx';

/** Why a view was not saved, in words: a full account says what to do. */
function saveFailure(error: unknown): string {
  return error instanceof ApiClientError && error.status === 409
    ? translate('orders.savedViews.full', { max: SAVED_VIEWS_MAX })
    : errorText(error);
}

/**
 * The named lists the account keeps for everyone working on it: open one, delete one, or name the current filters
 * to keep them.
 */
export function SavedViews({
  views,
  current,
  onOpen,
  onSave,
  onDelete,
}: {
  views: SavedView[];
  current: SavedView | undefined;
  onOpen: (view: SavedView) => void;
  onSave: (name: string) => Promise<unknown>;
  onDelete: (id: string) => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Popover
      label={
        current ? translate('orders.savedViews.view', { name: current.name }) : t('orders.savedViews.views')
      }
      align="end"
      panelClassName="w-72"
    >
      {(close) => (
        <div className="flex flex-col gap-2">
          {views.length > 0 ? (
            <ul
              aria-label={t('orders.savedViews.savedViews')}
              className="flex max-h-80 flex-col overflow-y-auto"
            >
              {views.map((view) => (
                <li key={view.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 flex-col rounded-md px-2 py-1 text-left hover:bg-subtle aria-[current=true]:font-medium"
                    aria-current={view.id === current?.id ? 'true' : undefined}
                    onClick={() => {
                      onOpen(view);
                      close();
                    }}
                  >
                    <span className="truncate">{view.name}</span>
                    <span className="truncate text-caption font-normal text-muted">
                      {translate('orders.savedViews.savedBy', { nickname: view.updated_by.nickname })}
                    </span>
                  </button>
                  <button
                    type="button"
                    aria-label={translate('orders.savedViews.deleteView', { name: view.name })}
                    className="h-7 rounded-md px-2 text-xs text-faint hover:bg-subtle hover:text-danger"
                    onClick={() => onDelete(view.id)}
                  >
                    {t('orders.savedViews.delete')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 text-xs text-muted">{t('orders.savedViews.noSavedViewsYet')}</p>
          )}
          <form
            className="flex gap-1.5 border-t border-line pt-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim() || saving) return;
              setSaving(true);
              setFailure(null);
              onSave(name).then(
                () => {
                  setName('');
                  setSaving(false);
                },
                (error: unknown) => {
                  setFailure(saveFailure(error));
                  setSaving(false);
                },
              );
            }}
          >
            <input
              aria-label={t('orders.savedViews.viewName')}
              placeholder={t('orders.savedViews.nameThisView')}
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.target.value)}
              className="h-7 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-body"
            />
            <Button type="submit" size="sm" variant="primary" disabled={saving}>
              {t('orders.savedViews.save')}
            </Button>
          </form>
          {failure ? <FormError>{failure}</FormError> : null}
          <p className="px-2 text-caption text-muted">{t('orders.savedViews.sharedWithTeam')}</p>
        </div>
      )}
    </Popover>
  );
}
