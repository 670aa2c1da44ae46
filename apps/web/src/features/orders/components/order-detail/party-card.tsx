import type { PartialOrder } from '@mostrador/contracts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { isParty, partyContact } from '../../model/order-parties.ts';
import { DetailRow } from './detail-row.tsx';

/** The buyer or the seller: nickname and id, and name and phone where the answer includes them. */
export function PartyCard({ title, party }: { title: string; party: PartialOrder['buyer'] }) {
  const t = useT();
  if (!isParty(party)) {
    return (
      <Card title={title}>
        <p className="text-muted">{t('orders.partyCard.notAvailableForThis')}</p>
      </Card>
    );
  }
  const { name, phone } = partyContact(party);
  return (
    <Card title={title}>
      <dl>
        <DetailRow label={t('orders.partyCard.nickname')}>{party.nickname ?? '—'}</DetailRow>
        <DetailRow label={t('orders.partyCard.userId')}>{party.id}</DetailRow>
        {name ? <DetailRow label={t('orders.partyCard.name')}>{name}</DetailRow> : null}
        {phone ? <DetailRow label={t('orders.partyCard.phone')}>{phone}</DetailRow> : null}
      </dl>
    </Card>
  );
}
