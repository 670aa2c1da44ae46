import { useQuery } from '@tanstack/react-query';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { feedStatusQueryOptions } from '../../api/get-my-feeds.ts';
import { useReactivateNotifications } from '../../api/reactivate-notifications.ts';

/** Shown when the marketplace turned the application's notifications off after repeated failures. */
export function DeactivationBanner({ applicationId }: { applicationId: number }) {
  const t = useT();
  const status = useQuery(feedStatusQueryOptions(applicationId));
  const reactivate = useReactivateNotifications();
  const announce = useAnnounce();
  if (status.data?.active !== false) return null;
  return (
    <div
      role="alert"
      data-testid="deactivated-banner"
      className="flex flex-wrap items-center gap-3 border-b border-warning-soft-ink/20 bg-warning-soft px-6 py-3 text-sm text-warning-soft-ink"
    >
      <AlertIcon aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{t('liveUpdates.deactivationBanner.notificationsAreOff')}</span>{' '}
        {t('liveUpdates.deactivationBanner.why')}
      </p>
      <Button
        size="sm"
        variant="primary"
        pending={reactivate.isPending}
        onClick={() =>
          reactivate.mutate(applicationId, {
            onSuccess: (answer) =>
              announce(
                translate('liveUpdates.deactivationBanner.notificationsReactivatedWaitingTo', {
                  pending: answer.pending,
                }),
              ),
          })
        }
      >
        {t('liveUpdates.deactivationBanner.reactivate')}
      </Button>
    </div>
  );
}
