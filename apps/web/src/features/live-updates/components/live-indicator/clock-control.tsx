import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatStamp } from '../../../../lib/format.ts';
import { translate, withLabels } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { Select } from '../../../../ui/select.tsx';
import { clockQueryOptions } from '../../api/get-clock.ts';
import { useMoveClock } from '../../api/move-clock.ts';

const STEPS = withLabels([
  { value: '1h', label: 'liveUpdates.clockControl.1Hour' },
  { value: '6h', label: 'liveUpdates.clockControl.6Hours' },
  { value: '1d', label: 'liveUpdates.clockControl.1Day' },
  { value: '15d', label: 'liveUpdates.clockControl.15Days' },
  { value: '1mo', label: 'liveUpdates.clockControl.1Month' },
  { value: '13mo', label: 'liveUpdates.clockControl.13Months' },
]);

const HOUR = 3_600_000;

/** Local use only, beside the simulator: the marketplace's time, and advancing it (decision 0289). */
export function ClockControl() {
  const t = useT();
  const clock = useQuery(clockQueryOptions());
  const move = useMoveClock();
  const [step, setStep] = useState('1h');
  const stepId = useId();
  const announce = useAnnounce();
  const status = clock.data;
  if (!status?.available || status.now === null) return null;
  const ahead = status.offset_ms ?? 0;
  const moved = (next: { now: string | null }) =>
    announce(
      translate('liveUpdates.clockControl.marketplaceTimeIsNow', { time: formatStamp(next.now ?? '') }),
    );
  return (
    <section aria-labelledby={`${stepId}-heading`} className="mt-3 border-t border-line pt-3">
      <h2 id={`${stepId}-heading`} className="text-xs font-medium text-ink">
        {t('liveUpdates.clockControl.marketplaceTime')}
      </h2>
      <p className="mt-0.5 text-xs">
        <time dateTime={status.now} className="tabular-nums text-ink">
          {formatStamp(status.now)}
        </time>{' '}
        <span className="text-muted">
          {ahead > 0
            ? t('liveUpdates.clockControl.aheadOfTheRealTime', {
                days: Math.floor(ahead / (24 * HOUR)),
                hours: Math.floor((ahead % (24 * HOUR)) / HOUR),
              })
            : t('liveUpdates.clockControl.theRealTime')}
        </span>
      </p>
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor={stepId} className="sr-only">
          {t('liveUpdates.clockControl.advanceBy')}
        </label>
        <Select
          id={stepId}
          className="flex-1"
          options={STEPS}
          value={step}
          onChange={(event) => setStep(event.target.value)}
        />
        <Button pending={move.isPending} onClick={() => move.mutate({ advance: step }, { onSuccess: moved })}>
          {t('liveUpdates.clockControl.advance')}
        </Button>
        {ahead > 0 ? (
          <Button pending={move.isPending} onClick={() => move.mutate({ reset: true }, { onSuccess: moved })}>
            {t('liveUpdates.clockControl.reset')}
          </Button>
        ) : null}
      </div>
      <p className="mt-1.5 text-xs text-muted">{t('liveUpdates.clockControl.advancingRunsWhatTime')}</p>
    </section>
  );
}
