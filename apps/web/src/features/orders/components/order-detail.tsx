import {
  BUYER_FEEDBACK_REASONS,
  FEEDBACK_MESSAGE_MAX,
  type Feedback,
  type FeedbackBody,
  feedbackSchema,
  type OperatorPermission,
  type OrderParty,
  type PartialOrder,
  SELLER_FEEDBACK_REASONS,
} from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { Select, SelectField } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { currenciesQueryOptions, currencyConversionQueryOptions } from '../api/get-currency-conversion.ts';
import { orderDiscountsQueryOptions } from '../api/get-order-discounts.ts';
import { orderNotificationsQueryOptions } from '../api/get-order-notifications.ts';
import { orderProductQueryOptions } from '../api/get-order-product.ts';
import { shipmentQueryOptions } from '../api/get-shipment.ts';
import { useGiveFeedback } from '../api/give-feedback.ts';
import { useReplyFeedback } from '../api/reply-feedback.ts';
import { discountBreakdown } from '../model/discounts.ts';
import { convertMoney, totalWithShipping } from '../model/money.ts';
import { replyWindow, statusHistory } from '../model/status-history.ts';
import { DeliveryOutcomePanel } from './delivery-outcome-panel.tsx';
import { StatusBadge, TagChips } from './order-status.tsx';

export interface Neighbours {
  previous: (() => void) | null;
  next: (() => void) | null;
  position: string | null;
}

export interface OrderDetailProps {
  order: PartialOrder;
  missing: string[];
  userId: number;
  /** A team member's permissions on the seller account; null or absent on the user's own account. */
  permissions?: readonly OperatorPermission[] | null;
  locale: string;
  neighbours: Neighbours;
  backToList: ReactNode;
  /**
   * What the page offers to block the order's buyer, shown to the seller (and a team member allowed to manage
   * blocklists): the route composes the blocklists feature's panel here.
   */
  blockBuyer?: (buyer: { id: number; nickname: string }) => ReactNode;
}

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-1 ${strong ? 'border-t border-line pt-2 font-semibold' : ''}`}
    >
      <dt className={strong ? 'text-ink' : 'text-muted'}>{label}</dt>
      <dd className="text-right tabular text-ink">{children}</dd>
    </div>
  );
}

const isParty = (party: PartialOrder['buyer']): party is OrderParty => 'id' in party;

export function OrderDetail({
  order,
  missing,
  userId,
  permissions,
  locale,
  neighbours,
  backToList,
  blockBuyer,
}: OrderDetailProps) {
  // Actions a team member may not take are not offered (the platform refuses them anyway).
  const can = (permission: OperatorPermission) => !permissions || permissions.includes(permission);
  const fraud = order.tags.includes('fraud_risk_detected');
  const isSeller = isParty(order.seller) && Number(order.seller.id) === userId;
  const itemCurrency = order.order_items[0]?.currency_id ?? order.currency_id;
  const money = (amount: number, currency = itemCurrency) => formatMoney(amount, currency, locale);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || document.querySelector('dialog[open]'))
        return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.key === 'j' || event.key === 'ArrowRight') && neighbours.next) neighbours.next();
      if ((event.key === 'k' || event.key === 'ArrowLeft') && neighbours.previous) neighbours.previous();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [neighbours]);

  return (
    <div className="flex flex-col gap-4 px-6 py-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {backToList}
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-lg font-semibold tracking-tight text-ink tabular">Order #{order.id}</h1>
            <StatusBadge status={order.status} />
            <TagChips tags={order.tags} max={6} />
          </div>
          <p className="text-body text-muted">
            Placed {formatDate(order.date_created, locale)} · {order.context.site} · {order.context.channel}
          </p>
        </div>
        <nav aria-label="Orders of the list" className="flex items-center gap-1">
          {neighbours.position ? (
            <span className="mr-2 text-xs text-muted tabular">{neighbours.position}</span>
          ) : null}
          <Button
            size="sm"
            disabled={!neighbours.previous}
            onClick={() => neighbours.previous?.()}
            aria-keyshortcuts="k"
          >
            Previous <kbd className="text-caption text-faint">k</kbd>
          </Button>
          <Button
            size="sm"
            disabled={!neighbours.next}
            onClick={() => neighbours.next?.()}
            aria-keyshortcuts="j"
          >
            Next <kbd className="text-caption text-faint">j</kbd>
          </Button>
        </nav>
      </div>

      {fraud ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-danger-soft-ink"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">Do not ship this order</p>
            <p className="text-body">
              The payment network flagged a fraud risk after the payment was approved. Cancel the order and
              keep the goods.
            </p>
          </div>
        </div>
      ) : null}
      {missing.length > 0 ? (
        <p className="rounded-lg border border-line bg-warning-soft px-4 py-2 text-body text-warning-soft-ink">
          Part of this order could not be loaded right now: {missing.join(', ')}. The rest is shown.
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <Card title="Items">
            <ul className="divide-y divide-line">
              {order.order_items.map((line) => (
                <li
                  key={`${line.item.id}-${line.item.variation_id}`}
                  className="flex items-start justify-between gap-4 py-2 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{line.item.title}</p>
                    <p className="text-xs text-muted">
                      {line.item.id}
                      {line.item.variation_attributes.map(
                        (attribute) =>
                          ` · ${String(attribute.name ?? '')} ${String(attribute.value_name ?? '')}`,
                      )}
                      {line.item.seller_sku ? ` · SKU ${line.item.seller_sku}` : ''} · {line.item.condition}
                    </p>
                    {line.item.warranty ? <p className="text-xs text-faint">{line.item.warranty}</p> : null}
                  </div>
                  <div className="shrink-0 text-right tabular">
                    <p>
                      {line.quantity} × {money(line.unit_price, line.currency_id)}
                    </p>
                    {line.full_unit_price !== line.unit_price ? (
                      <p className="text-xs text-faint line-through">
                        {money(line.full_unit_price, line.currency_id)}
                      </p>
                    ) : null}
                    <p className="text-xs text-muted">Fee {money(line.sale_fee, line.currency_id)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <TotalsSection order={order} locale={locale} />
          <DiscountsSection orderId={order.id} currencyId={itemCurrency} locale={locale} />
          <Card title="Payments">
            {order.payments.length === 0 ? (
              <p className="text-muted">No payments yet.</p>
            ) : (
              <ul className="divide-y divide-line">
                {order.payments.map((payment) => (
                  <li key={payment.id} className="flex items-center justify-between gap-3 py-1.5">
                    <span>
                      <span className="font-medium tabular">#{payment.id}</span>{' '}
                      <Badge tone={payment.status === 'approved' ? 'success' : 'neutral'}>
                        {payment.status.replaceAll('_', ' ')}
                      </Badge>
                      <span className="ml-2 text-xs text-muted">
                        {formatDate(payment.date_last_modified, locale)}
                      </span>
                    </span>
                    <span className="tabular">{money(payment.transaction_amount, payment.currency_id)}</span>
                  </li>
                ))}
              </ul>
            )}
            <dl className="mt-2 border-t border-line pt-2">
              <Row label="Paid">{money(order.paid_amount, order.currency_id)}</Row>
            </dl>
          </Card>
          <FeedbackSection
            order={order}
            isSeller={isSeller}
            locale={locale}
            canReply={can('feedback.reply')}
            canGive={!permissions}
          />
          <ProductSection orderId={order.id} />
          <NotificationsSection orderId={order.id} locale={locale} />
          <Card title="History">
            <ol className="flex flex-col gap-2">
              {statusHistory(order).map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries are derived, in a fixed order
                <li key={index} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${entry.tone === 'danger' ? 'bg-danger' : entry.tone === 'success' ? 'bg-success-soft-ink' : 'bg-line-strong'}`}
                  />
                  <div>
                    <p className="text-ink">
                      {entry.label}
                      {entry.detail ? <span className="text-muted"> · {entry.detail}</span> : null}
                    </p>
                    <time dateTime={entry.date} className="text-xs text-muted">
                      {formatDate(entry.date, locale)}
                    </time>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <aside className="flex flex-col gap-4" aria-label="People and shipping">
          <PartyCard title="Buyer" party={order.buyer} />
          <PartyCard title="Seller" party={order.seller} />
          <ShippingCard order={order} locale={locale} />
          <DeliveryOutcomePanel order={order} />
          {blockBuyer && isSeller && isParty(order.buyer) && can('blocklists.manage')
            ? blockBuyer({
                id: Number(order.buyer.id),
                nickname: order.buyer.nickname ?? String(order.buyer.id),
              })
            : null}
        </aside>
      </div>
    </div>
  );
}

function PartyCard({ title, party }: { title: string; party: PartialOrder['buyer'] }) {
  if (!isParty(party)) {
    return (
      <Card title={title}>
        <p className="text-muted">Not available for this order.</p>
      </Card>
    );
  }
  const name = [party.first_name, party.last_name].filter(Boolean).join(' ');
  const phone = party.phone?.number
    ? `${party.phone.area_code ? `(${party.phone.area_code}) ` : ''}${party.phone.number}`
    : null;
  return (
    <Card title={title}>
      <dl>
        <Row label="Nickname">{party.nickname ?? '—'}</Row>
        <Row label="User id">{party.id}</Row>
        {name ? <Row label="Name">{name}</Row> : null}
        {phone ? <Row label="Phone">{phone}</Row> : null}
      </dl>
    </Card>
  );
}

function ShippingCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const shipmentId = 'id' in order.shipping ? order.shipping.id : null;
  const shipment = useQuery({ ...shipmentQueryOptions(shipmentId ?? 0), enabled: shipmentId !== null });
  if (shipmentId === null) {
    return (
      <Card title="Shipping">
        <p className="text-muted">No shipment: buyer and seller agree the delivery.</p>
      </Card>
    );
  }
  const data = shipment.data;
  return (
    <Card title="Shipping">
      {shipment.isPending ? (
        <Skeleton className="h-16" />
      ) : shipment.error ? (
        <p role="alert" className="text-danger">
          {shipment.error.message}
        </p>
      ) : data ? (
        <dl>
          <Row label="Shipment">#{data.id}</Row>
          <Row label="Status">{data.status.replaceAll('_', ' ')}</Row>
          <Row label="Method">{data.lead_time.shipping_method?.name ?? data.mode}</Row>
          <Row label="Cost to buyer">
            {formatMoney(data.lead_time.cost, data.lead_time.currency_id, locale)}
          </Row>
          {data.lead_time.cost_type !== 'charged' ? (
            <Row label="List cost">
              {formatMoney(data.lead_time.list_cost, data.lead_time.currency_id, locale)}
            </Row>
          ) : null}
          {data.tracking_number ? <Row label="Tracking">{data.tracking_number}</Row> : null}
          <Row label="To">{`${data.destination.shipping_address.city.name}, ${data.destination.shipping_address.state.name}`}</Row>
          {data.lead_time.estimated_delivery_time.date ? (
            <Row label="Estimated delivery">
              {formatDate(data.lead_time.estimated_delivery_time.date, locale, { style: 'date' })}
            </Row>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}

const CONVERT_TO = ['USD', 'ARS', 'BRL', 'MXN', 'CLP', 'COP', 'UYU', 'PEN', 'EUR'];

function TotalsSection({ order, locale }: { order: PartialOrder; locale: string }) {
  const shipmentId = 'id' in order.shipping ? order.shipping.id : null;
  const shipment = useQuery({ ...shipmentQueryOptions(shipmentId ?? 0), enabled: shipmentId !== null });
  const currencies = useQuery(currenciesQueryOptions());
  const [target, setTarget] = useState('');
  const total = totalWithShipping(order, shipment.data ?? null);
  const base = total.ok ? total.currencyId : order.currency_id;
  const conversion = useQuery({
    ...currencyConversionQueryOptions(base, target),
    enabled: target !== '' && target !== base,
  });
  const money = (amount: number, currency = base) => formatMoney(amount, currency, locale);
  const options = (currencies.data?.map((c) => c.id) ?? CONVERT_TO).filter((id) => id !== base);

  return (
    <Card
      title="Total with shipping"
      actions={
        <span className="flex items-center gap-2 text-xs text-muted">
          <label htmlFor="convert-to">Convert to</label>
          <Select
            id="convert-to"
            className="w-24"
            value={target}
            options={[{ value: '', label: '—' }, ...options.map((id) => ({ value: id, label: id }))]}
            onChange={(event) => setTarget(event.target.value)}
          />
        </span>
      }
    >
      {shipmentId !== null && shipment.isPending ? (
        <Skeleton className="h-20" />
      ) : !total.ok ? (
        <p role="alert" className="text-danger">
          The parts of this total are in different currencies ({total.currencies.join(', ')}); it cannot be
          added up.
        </p>
      ) : (
        <dl data-testid="total-with-shipping">
          <Row label="Order total">{money(total.totalAmount)}</Row>
          <Row label="Taxes">{money(total.taxes)}</Row>
          <Row label={total.hasShipment ? 'Shipping (lead time cost)' : 'Shipping (no shipment)'}>
            {money(total.shipping)}
          </Row>
          <Row label="Total with shipping" strong>
            <span data-testid="total-value">{money(total.total)}</span>
          </Row>
          {target && target !== base ? (
            conversion.data ? (
              <>
                <Row label={`In ${target}`} strong>
                  <span data-testid="converted-total">
                    {money(convertMoney(total.total, conversion.data.ratio, target), target)}
                  </span>
                </Row>
                <p className="mt-1 text-xs text-muted" data-testid="conversion-source">
                  1 {base} = {conversion.data.ratio} {target} · marketplace currency conversions
                  {conversion.data.lastModified
                    ? `, rates of ${formatDate(conversion.data.lastModified, locale)}`
                    : ''}
                </p>
              </>
            ) : conversion.error ? (
              <p role="alert" className="text-danger">
                {conversion.error.message}
              </p>
            ) : (
              <Skeleton className="mt-2 h-4 w-40" />
            )
          ) : null}
          {shipment.error ? (
            <p role="alert" className="mt-1 text-xs text-danger">
              Shipping cost unavailable: {shipment.error.message}
            </p>
          ) : null}
        </dl>
      )}
    </Card>
  );
}

const TYPE_LABELS = { coupon: 'Coupon', discount: 'Discount', cashback: 'Cashback' } as const;

function DiscountsSection({
  orderId,
  currencyId,
  locale,
}: {
  orderId: number;
  currencyId: string;
  locale: string;
}) {
  const discounts = useQuery(orderDiscountsQueryOptions(orderId));
  const money = (amount: number) => formatMoney(amount, currencyId, locale);
  if (discounts.isPending)
    return (
      <Card title="Discounts">
        <Skeleton className="h-12" />
      </Card>
    );
  if (discounts.error) {
    return (
      <Card title="Discounts">
        <ErrorState
          className="py-4"
          title="Discounts could not be loaded"
          description={discounts.error.message}
          onRetry={() => void discounts.refetch()}
        />
      </Card>
    );
  }
  const breakdown = discountBreakdown(discounts.data.details, currencyId);
  return (
    <Card title="Discounts">
      {breakdown.lines.length === 0 ? (
        <p className="text-muted">No discounts on this order.</p>
      ) : (
        <table className="w-full text-body" data-testid="discounts">
          <caption className="sr-only">
            Discounts, with the part borne by the seller and by the platform
          </caption>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="pb-1 font-medium">
                Discount
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Total
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Seller
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Platform
              </th>
            </tr>
          </thead>
          <tbody>
            {breakdown.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: discounts have no id of their own
              <tr key={index} className="border-t border-line align-top">
                <td className="py-1.5">
                  <span className="font-medium">{TYPE_LABELS[line.type]}</span>
                  {line.reference ? <span className="text-muted"> · {line.reference}</span> : null}
                  {line.fundingMode ? (
                    <span className="text-faint"> · {line.fundingMode.replaceAll('_', ' ')}</span>
                  ) : null}
                  {line.counterCurrency ? (
                    <p className="text-xs text-muted">
                      Paid as {line.counterCurrency.value} {line.counterCurrency.currencyId} (counter
                      currency)
                    </p>
                  ) : null}
                  <p className="text-xs text-faint">
                    {line.items.map((item) => `${item.id} × ${item.quantity}`).join(', ')}
                  </p>
                </td>
                <td className="py-1.5 text-right tabular">{money(line.total)}</td>
                <td className="py-1.5 text-right tabular">{money(line.seller)}</td>
                <td className="py-1.5 text-right tabular">{money(line.platform)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-line font-semibold">
              <th scope="row" className="pt-1.5 text-left">
                All discounts
              </th>
              <td className="pt-1.5 text-right tabular">{money(breakdown.total)}</td>
              <td className="pt-1.5 text-right tabular">{money(breakdown.seller)}</td>
              <td className="pt-1.5 text-right tabular">{money(breakdown.platform)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </Card>
  );
}

function ProductSection({ orderId }: { orderId: number }) {
  const product = useQuery(orderProductQueryOptions(orderId));
  return (
    <Card title="Product attributes">
      {product.isPending ? (
        <Skeleton className="h-8" />
      ) : product.error ? (
        <p role="alert" className="text-danger">
          {product.error.message}
        </p>
      ) : product.data.attributes.length === 0 ? (
        <p className="text-muted">No attributes recorded.</p>
      ) : (
        <dl>
          {product.data.attributes.map((attribute) => (
            <Row key={attribute.id} label={attribute.name.replaceAll('_', ' ')}>
              {attribute.value}
            </Row>
          ))}
        </dl>
      )}
    </Card>
  );
}

const TOPIC_LABELS: Record<string, string> = {
  orders_v2: 'Order changed',
  orders_feedback: 'Feedback changed',
};
const STATE_LABELS = { pending: 'Waiting', done: 'Delivered to the app', parked: 'Set aside' } as const;

function NotificationsSection({ orderId, locale }: { orderId: number; locale: string }) {
  const notifications = useQuery(orderNotificationsQueryOptions(orderId));
  return (
    <Card title="Notifications received">
      {notifications.isPending ? (
        <Skeleton className="h-8" />
      ) : notifications.error ? (
        <p role="alert" className="text-danger">
          {notifications.error.message}
        </p>
      ) : notifications.data.notifications.length === 0 ? (
        <p className="text-muted">No notification about this order has reached this app yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {notifications.data.notifications.map((n) => (
            <li key={n.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="font-medium">{TOPIC_LABELS[n.topic] ?? n.topic}</span>
              <span className="text-muted tabular-nums">
                {formatDate(n.arrived_at, locale)} · {STATE_LABELS[n.state]}
                {n.notification_ids.length > 1 ? ` · ${n.notification_ids.length} deliveries folded` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function parseFeedback(value: unknown): Feedback | null {
  const parsed = feedbackSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function FeedbackSection({
  order,
  isSeller,
  locale,
  canReply = true,
  canGive = true,
}: {
  order: PartialOrder;
  isSeller: boolean;
  locale: string;
  canReply?: boolean;
  canGive?: boolean;
}) {
  if (!('sale' in order.feedback)) {
    return (
      <Card title="Feedback">
        <p className="text-muted">Feedback is not available right now.</p>
      </Card>
    );
  }
  const mine = parseFeedback(isSeller ? order.feedback.sale : order.feedback.purchase);
  const theirs = parseFeedback(isSeller ? order.feedback.purchase : order.feedback.sale);
  return (
    <Card title="Feedback">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted">
            {isSeller ? 'From the buyer' : 'From the seller'}
          </h3>
          {theirs ? (
            <ReceivedFeedback feedback={theirs} locale={locale} canReply={canReply} />
          ) : (
            <p className="text-muted">Not given yet.</p>
          )}
        </div>
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted">Yours</h3>
          {mine ? (
            <FeedbackText feedback={mine} locale={locale} />
          ) : canGive ? (
            <GiveFeedback orderId={order.id} isSeller={isSeller} />
          ) : (
            <p className="text-muted">Not given yet.</p>
          )}
        </div>
      </div>
    </Card>
  );
}

const RATING_TONES = { positive: 'success', neutral: 'neutral', negative: 'danger' } as const;

function FeedbackText({ feedback, locale }: { feedback: Feedback; locale: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p>
        <Badge tone={RATING_TONES[feedback.rating]}>{feedback.rating}</Badge>{' '}
        <span className="text-xs text-muted">
          {feedback.fulfilled ? 'Fulfilled' : 'Not fulfilled'} · {formatDate(feedback.date_created, locale)}
        </span>
      </p>
      {feedback.message ? <p className="text-ink">“{feedback.message}”</p> : null}
      {feedback.reply ? (
        <p className="border-l-2 border-line pl-2 text-muted">Reply: {feedback.reply}</p>
      ) : null}
    </div>
  );
}

function ReceivedFeedback({
  feedback,
  locale,
  canReply = true,
}: {
  feedback: Feedback;
  locale: string;
  canReply?: boolean;
}) {
  const [now] = useState(() => Date.now());
  const window = replyWindow(feedback.date_created, now);
  const reply = useReplyFeedback();
  const announce = useAnnounce();
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <FeedbackText feedback={feedback} locale={locale} />
      {feedback.reply || !canReply ? null : window.open ? (
        <form
          className="flex flex-col gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            reply.mutate(
              { feedbackId: feedback.id, reply: text.trim() },
              { onSuccess: () => announce('Reply sent') },
            );
          }}
        >
          <label className="text-xs text-muted" htmlFor={`reply-${feedback.id}`}>
            Reply (until {formatDate(window.deadline.toISOString(), locale, { style: 'date' })},{' '}
            {window.daysLeft} days left)
          </label>
          <textarea
            id={`reply-${feedback.id}`}
            maxLength={FEEDBACK_MESSAGE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={2}
            className="rounded-md border border-line-strong bg-surface px-2 py-1.5 text-body"
          />
          {reply.error ? (
            <p role="alert" className="text-xs text-danger">
              {reply.error.message}
            </p>
          ) : null}
          <Button
            type="submit"
            size="sm"
            pending={reply.isPending}
            disabled={!text.trim()}
            className="self-start"
          >
            Reply
          </Button>
        </form>
      ) : (
        <p className="text-xs text-muted">
          The 14 days to reply ended on {formatDate(window.deadline.toISOString(), locale, { style: 'date' })}
          .
        </p>
      )}
    </div>
  );
}

function GiveFeedback({ orderId, isSeller }: { orderId: number; isSeller: boolean }) {
  const give = useGiveFeedback(orderId);
  const announce = useAnnounce();
  const [fulfilled, setFulfilled] = useState('true');
  const [rating, setRating] = useState<FeedbackBody['rating']>('positive');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const reasons = isSeller ? SELLER_FEEDBACK_REASONS : BUYER_FEEDBACK_REASONS;
  const notFulfilled = fulfilled === 'false';
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const body: FeedbackBody = {
          fulfilled: !notFulfilled,
          rating,
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(notFulfilled ? { reason: reason || reasons[0] } : {}),
        };
        give.mutate(body, { onSuccess: () => announce('Feedback given') });
      }}
    >
      <SelectField
        label="Delivered?"
        value={fulfilled}
        options={[
          { value: 'true', label: 'Yes, fulfilled' },
          { value: 'false', label: 'No, not fulfilled' },
        ]}
        onChange={(event) => {
          setFulfilled(event.target.value);
          if (event.target.value === 'false' && rating === 'positive') setRating('neutral');
        }}
      />
      <SelectField
        label="Rating"
        value={rating}
        options={[
          { value: 'positive', label: 'Positive', disabled: notFulfilled },
          { value: 'neutral', label: 'Neutral' },
          { value: 'negative', label: 'Negative' },
        ]}
        onChange={(event) => setRating(event.target.value as FeedbackBody['rating'])}
      />
      {notFulfilled ? (
        <SelectField
          label="Reason"
          value={reason || reasons[0]}
          options={reasons.map((value) => ({ value, label: value.toLowerCase().replaceAll('_', ' ') }))}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      <label className="text-body font-medium text-ink" htmlFor={`feedback-${orderId}`}>
        Message (optional)
      </label>
      <textarea
        id={`feedback-${orderId}`}
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={message}
        rows={2}
        onChange={(event) => setMessage(event.target.value)}
        className="rounded-md border border-line-strong bg-surface px-2 py-1.5 text-body"
      />
      {give.error ? (
        <p role="alert" className="text-xs text-danger">
          {give.error.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="primary" pending={give.isPending} className="self-start">
        Give feedback
      </Button>
    </form>
  );
}
