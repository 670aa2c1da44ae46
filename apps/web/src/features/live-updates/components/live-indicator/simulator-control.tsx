import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translate, withLabels } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { Select } from '../../../../ui/select.tsx';
import { simulatorQueryOptions } from '../../api/get-simulator.ts';
import { useStartSimulator } from '../../api/start-simulator.ts';
import { useStopSimulator } from '../../api/stop-simulator.ts';

const RATES = withLabels([
  { value: '1', label: 'liveUpdates.simulatorControl.1ChangeS' },
  { value: '5', label: 'liveUpdates.simulatorControl.5ChangesS' },
  { value: '20', label: 'liveUpdates.simulatorControl.20ChangesS' },
]);

/** Local use only: starts and stops the marketplace's change simulator. */
export function SimulatorControl() {
  const t = useT();
  const simulator = useQuery(simulatorQueryOptions());
  const start = useStartSimulator();
  const stop = useStopSimulator();
  const [rate, setRate] = useState('5');
  const rateId = useId();
  const announce = useAnnounce();
  const status = simulator.data;
  if (!status?.available) return null;
  return (
    <section aria-labelledby={`${rateId}-heading`} className="mt-3 border-t border-line pt-3">
      <h2 id={`${rateId}-heading`} className="text-xs font-medium text-ink">
        {t('liveUpdates.simulatorControl.simulator')}
      </h2>
      <p className="mt-0.5 text-xs text-muted">
        {status.running
          ? t('liveUpdates.simulatorControl.running', { count: status.rate })
          : t('liveUpdates.simulatorControl.makesRealisticChangesTo')}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor={rateId} className="sr-only">
          {t('liveUpdates.simulatorControl.changesPerSecond')}
        </label>
        <Select
          id={rateId}
          className="flex-1"
          options={RATES}
          value={rate}
          disabled={status.running}
          onChange={(event) => setRate(event.target.value)}
        />
        {status.running ? (
          <Button
            pending={stop.isPending}
            onClick={() =>
              stop.mutate(undefined, {
                onSuccess: () => announce(translate('liveUpdates.simulatorControl.simulatorStopped')),
              })
            }
          >
            {t('liveUpdates.simulatorControl.stop')}
          </Button>
        ) : (
          <Button
            variant="primary"
            pending={start.isPending}
            onClick={() =>
              start.mutate(Number(rate), {
                onSuccess: () => announce(translate('liveUpdates.simulatorControl.simulatorStarted')),
              })
            }
          >
            {t('liveUpdates.simulatorControl.start')}
          </Button>
        )}
      </div>
    </section>
  );
}
