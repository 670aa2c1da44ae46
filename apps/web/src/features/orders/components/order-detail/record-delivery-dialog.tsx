import {
  type DeliveryProgressBody,
  type DeliveryState,
  deliveryCase,
  EVIDENCE_KINDS,
  type EvidenceKind,
  evidenceReferenceSchema,
  type PartialOrder,
  type Shipment,
  type ShipmentDelivery,
} from '@mostrador/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { RadioGroup } from '../../../../ui/radio-group.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';
import { TextField } from '../../../../ui/text-field.tsx';
import { useRecordDelivery } from '../../api/record-delivery.ts';
import { DELIVERY_CASE_LABELS, deliveryOutcome } from '../../model/delivery-outcome.ts';
import { deliverySteps, takesEvidence } from '../../model/order-actions.ts';

type Proof = EvidenceKind | 'none';

/**
 * Record the delivery's next step in local use (the embedded marketplace's `POST /shipments/{id}/delivery`): the
 * step, and for a delivery the seller arranged, its proof. Before anything is sent the dialog states what the
 * step changes — the row of spec 1's table the sale moves to and what a cancellation or chargeback would then do,
 * in the delivery-case panel's words — and that a recorded step cannot be taken back.
 */
export function RecordDeliveryDialog({
  order,
  shipment,
  delivery: current,
  open,
  onClose,
}: {
  order: PartialOrder;
  shipment: Shipment;
  delivery: ShipmentDelivery;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const announce = useAnnounce();
  // The delivery as it was when the dialog opened: the page shows the step at once, the choices stay.
  const [delivery] = useState(current);
  const steps = deliverySteps(delivery);
  const [step, setStep] = useState<DeliveryState>(steps[0] ?? 'delivered');
  // Proof is what a delivery already recorded without it lacks: there, "no proof" is not a choice.
  const firstProof: Proof = delivery.state === 'delivered' ? 'signed_receipt' : 'none';
  const [proof, setProof] = useState<Proof>(firstProof);
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const record = useRecordDelivery(shipment.id);
  const withProof = takesEvidence(delivery, step) && proof !== 'none';
  const proved = withProof || (delivery.platform_shipping && step === 'delivered');
  const after = deliveryOutcome(order, {
    ...delivery,
    state: step,
    case: deliveryCase({ platformShipping: delivery.platform_shipping, state: step, evidence: proved }),
  });

  const close = () => {
    record.reset();
    setReferenceError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReferenceError(null);
    if (withProof) {
      if (reference === '') {
        setReferenceError(translate('orders.recordDelivery.referenceMissing'));
        return;
      }
      if (!evidenceReferenceSchema.safeParse(reference).success) {
        setReferenceError(translate('orders.recordDelivery.referenceInvalid'));
        return;
      }
    }
    const body = {
      state: step as DeliveryProgressBody['state'],
      ...(withProof ? { evidence: { kind: proof as EvidenceKind, reference } } : {}),
    };
    record.mutate(body, {
      onSuccess: () => {
        announce(
          translate('orders.recordDelivery.recorded', {
            step: translate(`orders.recordDelivery.step.${step}`),
          }),
        );
        setReference('');
        setProof(firstProof);
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={translate('orders.recordDelivery.title', { id: shipment.id })}
      description={t('orders.recordDelivery.description')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <RadioGroup
          legend={t('orders.recordDelivery.whatHappened')}
          name="delivery-step"
          options={steps.map((value) => ({
            value,
            label:
              delivery.state === 'delivered' && value === 'delivered'
                ? translate('orders.recordDelivery.addProof')
                : translate(`orders.recordDelivery.step.${value}`),
          }))}
          value={step}
          onChange={setStep}
        />
        {takesEvidence(delivery, step) ? (
          <>
            <SelectField
              label={t('orders.recordDelivery.proof')}
              name="proof"
              value={proof}
              options={[
                ...(delivery.state === 'delivered'
                  ? []
                  : [{ value: 'none', label: translate('orders.recordDelivery.noProof') }]),
                ...EVIDENCE_KINDS.map((kind) => ({
                  value: kind,
                  label: translate(`orders.recordDelivery.evidence.${kind}`),
                })),
              ]}
              onChange={(event) => setProof(event.target.value as Proof)}
            />
            {proof !== 'none' ? (
              <TextField
                label={t('orders.recordDelivery.reference')}
                name="reference"
                autoComplete="off"
                value={reference}
                maxLength={64}
                onChange={(event) => setReference(event.target.value)}
                error={referenceError}
                hint={t('orders.recordDelivery.referenceHint')}
              />
            ) : null}
          </>
        ) : step === 'delivered' ? (
          <p className="text-body text-muted">{t('orders.recordDelivery.carrierScan')}</p>
        ) : null}
        <section
          aria-label={t('orders.recordDelivery.afterThis')}
          className="flex flex-col gap-1 rounded-md border border-line bg-subtle px-3 py-2 text-body"
        >
          <h3 className="font-medium text-ink">{t('orders.recordDelivery.afterThis')}</h3>
          <p className="text-ink">{DELIVERY_CASE_LABELS[after.case]}</p>
          {after.ifCancelled ? (
            <p className="text-ink">
              {translate('orders.recordDelivery.ifYouCancelThen', { outcome: after.ifCancelled })}
            </p>
          ) : null}
          {after.ifChargedBack ? (
            <p className="text-ink">
              {translate('orders.recordDelivery.ifChargedBackThen', { outcome: after.ifChargedBack })}
            </p>
          ) : null}
          <p className="text-muted">{t('orders.recordDelivery.noUndo')}</p>
        </section>
        {record.error ? (
          <FormError>
            {translate('orders.recordDelivery.refused', { reason: errorText(record.error) })}
          </FormError>
        ) : null}
        <div className="flex justify-end gap-2 pt-1">
          <Button onClick={close}>{t('ui.dialog.cancel')}</Button>
          <Button type="submit" variant="primary" pending={record.isPending}>
            {t('orders.recordDelivery.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
