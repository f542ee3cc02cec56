import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { OrderMoneyLines } from '@/components/order-money';
import { formatCartAmount } from '@common/cart-rules';
import {
  changeOrderStatusSchema,
  orderStatuses,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
} from '@common/orders';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { useFormSubmit } from '@/lib/form-kit';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { EmptyState } from '@/manage/shared/empty-state';
import { changeStatus, fetchOrder, fetchOrders, orderQueryKey, ordersQueryKey } from './orders-api';

const statusLabels: Record<OrderStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function OrderList() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const filterId = useId();
  const orders = useQuery({
    queryKey: ordersQueryKey(status || undefined),
    queryFn: () => fetchOrders(status || undefined),
    staleTime: 0,
  });
  return (
    <section className="manage__screen">
      <PageHeading title="Orders">Orders</PageHeading>
      <p className="manage__filter">
        <label htmlFor={filterId}>Show</label>{' '}
        <select
          id={filterId}
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
        >
          <option value="">All orders</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </p>
      {orders.isPending && <ScreenSkeleton />}
      {orders.isError && <p role="alert">The orders could not be loaded. Please try again.</p>}
      {orders.data?.length === 0 &&
        (status ? (
          <EmptyState
            title={`No ${statusLabels[status].toLowerCase()} orders`}
            action={
              <button type="button" className="button" onClick={() => setStatus('')}>
                Show all orders
              </button>
            }
          />
        ) : (
          <EmptyState title="No orders yet">
            When a customer checks out in your shop, the order appears here and you get an e-mail.
          </EmptyState>
        ))}
      {orders.data && orders.data.length > 0 && (
        <ol className="manage__cards manage__orders">
          {orders.data.map((order) => (
            <li key={order.orderNumber} className="card">
              <h2>
                <Link to={`?order=${encodeURIComponent(order.orderNumber)}`}>
                  {order.orderNumber}
                </Link>{' '}
                <span className={`manage__status manage__status--${order.status}`}>
                  {statusLabels[order.status]}
                </span>
              </h2>
              <p>
                {order.customerName} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}{' '}
                · <strong>{order.totalText}</strong>
              </p>
              <p>
                <time dateTime={order.createdAt}>{when.format(new Date(order.createdAt))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type StatusValues = { status: OrderStatus | ''; note: string };

const statusFieldLabels: Record<string, string> = { status: 'New status', note: 'Note' };

/**
 * The next status of an order, with a note, on the one form kit (checked with the shared schema).
 * Sent with the updatedAt the owner saw: a change made meanwhile is refused, the order shown
 * afresh, and the note kept for another try.
 */
function StatusForm({ order }: { order: OrderDetail }) {
  const queries = useQueryClient();
  const form = useForm<StatusValues, unknown, ChangeOrderStatus>({
    resolver: zodResolver(changeOrderStatusSchema) as Resolver<
      StatusValues,
      unknown,
      ChangeOrderStatus
    >,
    mode: 'onSubmit',
    defaultValues: { status: '', note: '' },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async ({ status, note }) => {
      const updated = await changeStatus(order.orderNumber, {
        status,
        note,
        expectedUpdatedAt: order.updatedAt,
      });
      form.reset({ status: '', note: '' });
      queries.setQueryData(orderQueryKey(order.orderNumber), updated);
      await queries.invalidateQueries({ queryKey: ordersQueryKey() });
      showToast('saved', `Saved: ${statusLabels[updated.status]}.`);
    },
    failedText: 'The change could not be saved. Please try again.',
    onFailure: (error) => {
      // Changed meanwhile: show the order as it is now; the message says why and the note stays.
      if (error instanceof ApiError && error.status === 409) {
        void queries.invalidateQueries({ queryKey: orderQueryKey(order.orderNumber) });
      }
      return false;
    },
  });
  const errors = form.formState.errors;
  return (
    <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Change the status</h2>
      <SelectField
        label="New status"
        required
        registration={form.register('status')}
        error={errors.status}
        options={[
          { value: '', label: 'Choose…' },
          ...order.nextStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
        ]}
      />
      <FormField
        label="Note (optional)"
        multiline
        registration={form.register('note')}
        error={errors.note}
      />
      <FormErrorSummary form={form} failure={failure} labels={statusFieldLabels} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function OrderView({ orderNumber }: { orderNumber: string }) {
  const client = useClient();
  const order = useQuery({
    queryKey: orderQueryKey(orderNumber),
    queryFn: () => fetchOrder(orderNumber),
    staleTime: 0,
    retry: false,
  });
  const money = (amount: number) => formatCartAmount(amount, client);
  return (
    <section className="manage__screen">
      <p>
        <Link to=".">← All orders</Link>
      </p>
      <PageHeading title={`Order ${orderNumber}`}>Order {orderNumber}</PageHeading>
      {order.isPending && <ScreenSkeleton />}
      {order.isError && (
        <p role="alert">
          {order.error instanceof ApiError
            ? order.error.message
            : 'The order could not be loaded. Please try again.'}
        </p>
      )}
      {order.data && (
        <>
          <p>
            <span className={`manage__status manage__status--${order.data.status}`}>
              {statusLabels[order.data.status]}
            </span>{' '}
            · placed{' '}
            <time dateTime={order.data.createdAt}>
              {when.format(new Date(order.data.createdAt))}
            </time>
          </p>
          {order.data.statusNote && <p>Note: {order.data.statusNote}</p>}
          <h2>Customer</h2>
          <dl className="manage__details">
            <dt>Name</dt>
            <dd>{order.data.customerName}</dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${order.data.customerTelephone.replace(/\s+/g, '')}`}>
                {order.data.customerTelephone}
              </a>
            </dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${order.data.customerEmail}`}>{order.data.customerEmail}</a>
            </dd>
            {order.data.customerAddress && (
              <>
                <dt>Address</dt>
                <dd className="manage__multiline">{order.data.customerAddress}</dd>
              </>
            )}
            {order.data.customerMessage && (
              <>
                <dt>Message</dt>
                <dd className="manage__multiline">{order.data.customerMessage}</dd>
              </>
            )}
          </dl>
          <h2>Items</h2>
          <div className="manage__table-wrap">
            <table className="manage__table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Price each</th>
                  <th scope="col">Line</th>
                </tr>
              </thead>
              <tbody>
                {order.data.lines.map((line) => (
                  <tr key={line.productId}>
                    <td>{line.title}</td>
                    <td>{line.quantity}</td>
                    <td>{money(line.unitPrice)}</td>
                    <td>{money(line.lineAmount)}</td>
                  </tr>
                ))}
              </tbody>
              {!order.data.money && (
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      Total
                    </th>
                    <td>{order.data.totalText}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          {order.data.money && (
            <>
              <h2>Money</h2>
              <OrderMoneyLines money={order.data.money} />
            </>
          )}
          {order.data.nextStatuses.length > 0 && <StatusForm order={order.data} />}
        </>
      )}
    </section>
  );
}

/** /manage/orders: the list (newest first, by status), or one order with ?order=SE-000123. */
export default function OrdersPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order');
  return orderNumber ? <OrderView orderNumber={orderNumber} /> : <OrderList />;
}
