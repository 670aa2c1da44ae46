import { type LocationChoice, listingLocationFor } from '@mostrador/contracts';
import { useEffect, useRef, useState } from 'react';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { AlertIcon, CheckIcon } from '../../../ui/icons.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { CopyIcon } from '../../../ui/workspace-icons.tsx';

/**
 * What a listing must carry for the chosen place, decided by the publishing rule of spec 2.12
 * (`listingLocationFor`): a neighborhood, or a city without neighborhoods; never a state. Ready to copy.
 */
export function ListingPayload({ choice }: { choice: LocationChoice }) {
  const t = useT();
  const result = listingLocationFor(choice);
  const announce = useAnnounce();
  const payload = result.ok ? JSON.stringify({ location: result.location }, null, 2) : null;
  // The confirmation belongs to the payload that was copied: a new place makes it disappear.
  const [copiedState, setCopiedState] = useState<{ payload: string; outcome: 'yes' | 'failed' } | null>(null);
  const copied = copiedState && copiedState.payload === payload ? copiedState.outcome : null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const setCopied = (outcome: 'yes' | 'failed' | null) =>
    setCopiedState(outcome && payload ? { payload, outcome } : null);

  const copy = async () => {
    if (!payload) return;
    try {
      await navigator.clipboard.writeText(payload);
      setCopied('yes');
      announce(translate('locations.listingPayload.locationPayloadCopied'));
    } catch {
      setCopied('failed');
      announce(translate('locations.listingPayload.couldNotCopySelect'));
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), 2500);
  };

  return (
    <Card
      title={t('locations.listingPayload.listingLocation')}
      headingId="payload-heading"
      bodyClassName=""
      actions={
        payload ? (
          <Button
            size="sm"
            icon={copied === 'yes' ? <CheckIcon className="text-accent" /> : <CopyIcon />}
            onClick={copy}
            aria-describedby="payload-heading"
          >
            {copied === 'yes'
              ? t('locations.listingPayload.copied')
              : copied === 'failed'
                ? t('locations.listingPayload.copyFailed')
                : t('locations.listingPayload.copy')}
          </Button>
        ) : null
      }
    >
      {!choice.country ? (
        <p data-testid="listing-payload-waiting" className="m-4 text-body text-muted">
          {t('locations.listingPayload.chooseAPlace')}
        </p>
      ) : result.ok ? (
        <div className="p-4">
          <p className="mb-2 text-body text-muted">
            {'neighborhood' in result.location
              ? t('locations.listingPayload.publishWithThisNeighborhood')
              : choice.city?.name
                ? t('locations.listingPayload.noNeighborhoodsNamed', { city: choice.city.name })
                : t('locations.listingPayload.noNeighborhoods')}
          </p>
          <pre
            data-testid="listing-payload"
            className="overflow-x-auto rounded-md bg-surface-sunken p-3 font-mono text-xs leading-5 text-ink"
          >
            {payload}
          </pre>
        </div>
      ) : (
        <p
          data-testid="listing-payload-refusal"
          className="m-4 flex gap-2 rounded-md bg-warning-soft px-3 py-2 text-body text-warning-soft-ink"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {result.reason === 'city_has_neighborhoods'
            ? t('locations.listingPayload.refusal.cityHasNeighborhoods', { city: choice.city?.name ?? '' })
            : result.reason === 'state_only'
              ? t('locations.listingPayload.refusal.stateOnly', { state: choice.state?.name ?? '' })
              : t('locations.listingPayload.refusal.missing')}
        </p>
      )}
    </Card>
  );
}
