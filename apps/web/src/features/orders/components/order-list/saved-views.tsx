import { useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Popover } from '../../../../ui/popover.tsx';
import type { SavedView } from '../../model/saved-views.ts';

/** The named lists this browser keeps: open one, delete one, or name the current filters to keep them. */
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
  onSave: (name: string) => void;
  onDelete: (id: string) => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
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
            <ul aria-label={t('orders.savedViews.savedViews')} className="flex flex-col">
              {views.map((view) => (
                <li key={view.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    className="h-7 min-w-0 flex-1 truncate rounded-md px-2 text-left hover:bg-subtle aria-[current=true]:font-medium"
                    aria-current={view.id === current?.id ? 'true' : undefined}
                    onClick={() => {
                      onOpen(view);
                      close();
                    }}
                  >
                    {view.name}
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
              if (!name.trim()) return;
              onSave(name);
              setName('');
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
            <Button type="submit" size="sm" variant="primary">
              {t('orders.savedViews.save')}
            </Button>
          </form>
        </div>
      )}
    </Popover>
  );
}
