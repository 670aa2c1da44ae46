import type { PartialOrder } from '@mostrador/contracts';
import { Card } from '../../../../ui/card.tsx';
import { isParty, partyContact } from '../../model/order-parties.ts';
import { DetailRow } from './detail-row.tsx';

/** The buyer or the seller: nickname and id, and name and phone where the answer includes them. */
export function PartyCard({ title, party }: { title: string; party: PartialOrder['buyer'] }) {
  if (!isParty(party)) {
    return (
      <Card title={title}>
        <p className="text-muted">Not available for this order.</p>
      </Card>
    );
  }
  const { name, phone } = partyContact(party);
  return (
    <Card title={title}>
      <dl>
        <DetailRow label="Nickname">{party.nickname ?? '—'}</DetailRow>
        <DetailRow label="User id">{party.id}</DetailRow>
        {name ? <DetailRow label="Name">{name}</DetailRow> : null}
        {phone ? <DetailRow label="Phone">{phone}</DetailRow> : null}
      </dl>
    </Card>
  );
}
