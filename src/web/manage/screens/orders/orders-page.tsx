import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { OrderMoneyLines } from '@/components/order-money';
import { formatCartAmount } from '@common/cart-rules';
import {
  changeOrderStatusSchema,
  orderStatuses,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
  type OrderStatusPreview,
} from '@common/orders';
import { EmailPreviewBox } from '@/manage/shared/email-preview';
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
import {
  changeStatus,
  fetchOrder,
  fetchOrders,
  orderQueryKey,
  ordersPageSize,
  ordersQueryKey,
  previewStatusMail,
} from './orders-api';
import { PaymentBadge, PaymentSummary, RefundForm } from './order-payment';

const statusLabels: Record<OrderStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The orders of a period as a CSV file (the owner's export, issue 34), this month by default. */
function OrdersDownload() {
  const today = new Date();
  const fromId = useId();
  const toId = useId();
  return (
    <form
      className="manage__form manage__orders-download"
      method="get"
      action="/api/manage/export/orders.csv"
      aria-labelledby={`${fromId}-heading`}
    >
      <h2 id={`${fromId}-heading`}>Download orders</h2>
      <p>
        <label htmlFor={fromId}>Placed from</label>{' '}
        <input
          id={fromId}
          name="from"
          type="date"
          required
          defaultValue={`${isoDay(today).slice(0, 8)}01`}
        />{' '}
        <label htmlFor={toId}>to</label>{' '}
        <input id={toId} name="to" type="date" required defaultValue={isoDay(today)} />
      </p>
      <button type="submit" className="button">
        Download CSV
      </button>
    </form>
  );
}

/**
 * The owner's list (issue 35): newest first, by status, searched by order number, name or
 * e-mail, a page at a time; the search and the page are in the address, so a reload or the
 * back button keeps them.
 */
function OrderList() {
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const search = params.get('search')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);
  const filterId = useId();
  const searchId = useId();
  const query = { status: status || undefined, search: search || undefined, page };
  const orders = useQuery({
    queryKey: ordersQueryKey(query),
    queryFn: () => fetchOrders(query),
    staleTime: 0,
  });
  const go = (changes: { search?: string; page?: number }) => {
    const next = new URLSearchParams(params);
    if (changes.search !== undefined) {
      if (changes.search) next.set('search', changes.search);
      else next.delete('search');
    }
    const nextPage = changes.page ?? 1;
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setParams(next);
  };
  const hasNext = (orders.data?.length ?? 0) === ordersPageSize;
  return (
    <section className="manage__screen">
      <PageHeading title="Orders">Orders</PageHeading>
      <form
        role="search"
        className="manage__filter"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search: typed.trim() });
        }}
      >
        <label htmlFor={searchId}>Find an order (number, name or e-mail)</label>{' '}
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
        />{' '}
        <button type="submit" className="button">
          Search
        </button>
        {search && (
          <>
            {' '}
            <button
              type="button"
              className="button"
              onClick={() => {
                setTyped('');
                go({ search: '' });
              }}
            >
              Clear
            </button>
          </>
        )}
      </form>
      <p className="manage__filter">
        <label htmlFor={filterId}>Show</label>{' '}
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            go({});
          }}
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
        (search || status || page > 1 ? (
          <EmptyState
            title={search ? `No orders match “${search}”` : 'No orders here'}
            action={
              <button
                type="button"
                className="button"
                onClick={() => {
                  setStatus('');
                  setTyped('');
                  go({ search: '' });
                }}
              >
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
                </span>{' '}
                <PaymentBadge payment={order.payment} />
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
      {(page > 1 || hasNext) && (
        <nav aria-label="Pages of orders" className="manage__pager">
          {page > 1 && (
            <button type="button" className="button" onClick={() => go({ page: page - 1 })}>
              ← Newer orders
            </button>
          )}{' '}
          <span>Page {page}</span>{' '}
          {hasNext && (
            <button type="button" className="button" onClick={() => go({ page: page + 1 })}>
              Older orders →
            </button>
          )}
        </nav>
      )}
      <OrdersDownload />
    </section>
  );
}

type StatusValues = {
  status: OrderStatus | '';
  note: string;
  notifyCustomer: boolean;
  message: string;
};

const statusFieldLabels: Record<string, string> = {
  status: 'New status',
  note: 'Note',
  message: 'Message to the customer',
};

const emptyStatusValues: StatusValues = {
  status: '',
  note: '',
  notifyCustomer: false,
  message: '',
};

/**
 * The next status of an order, with a note and, if the owner wishes, an e-mail to the customer
 * (issue 35), on the one form kit (checked with the shared schema). With the e-mail, the first
 * press shows it exactly as the customer will receive it (the suggested message for the status
 * filled in, for the owner to edit); the second saves and sends. Sent with the updatedAt the
 * owner saw: a change made meanwhile is refused, the order shown afresh, and what was typed kept.
 */
function StatusForm({ order }: { order: OrderDetail }) {
  const queries = useQueryClient();
  const [preview, setPreview] = useState<OrderStatusPreview | undefined>();
  const form = useForm<StatusValues, unknown, ChangeOrderStatus>({
    resolver: zodResolver(changeOrderStatusSchema) as Resolver<
      StatusValues,
      unknown,
      ChangeOrderStatus
    >,
    mode: 'onSubmit',
    defaultValues: emptyStatusValues,
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async ({ status, note, notifyCustomer, message }) => {
      const updated = await changeStatus(order.orderNumber, {
        status,
        note,
        expectedUpdatedAt: order.updatedAt,
        notifyCustomer: notifyCustomer ?? false,
        ...(notifyCustomer && message ? { message } : {}),
      });
      form.reset(emptyStatusValues);
      setPreview(undefined);
      queries.setQueryData(orderQueryKey(order.orderNumber), updated);
      await queries.invalidateQueries({ queryKey: ordersQueryKey() });
      showToast(
        'saved',
        `Saved: ${statusLabels[updated.status]}.${notifyCustomer ? ' The e-mail is on its way.' : ''}`,
      );
    },
    failedText: 'The change could not be saved. Please try again.',
    onFailure: (error) => {
      setPreview(undefined);
      // Changed meanwhile: show the order as it is now; the message says why and the note stays.
      if (error instanceof ApiError && error.status === 409) {
        void queries.invalidateQueries({ queryKey: orderQueryKey(order.orderNumber) });
      }
      return false;
    },
  });
  const notify = useWatch({ control: form.control, name: 'notifyCustomer' });
  const confirming = notify && preview !== undefined;
  const ask = form.handleSubmit(async ({ status, message }) => {
    setFailure(undefined);
    try {
      const shown = await previewStatusMail(order.orderNumber, {
        status,
        ...(message ? { message } : {}),
      });
      // The suggested message goes into the field, for the owner to edit and see again.
      if (!message) form.setValue('message', shown.message, { shouldDirty: true });
      setPreview(shown);
    } catch {
      setFailure('The e-mail to the customer could not be shown. Please try again.');
    }
  });
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  // A change of what the e-mail says asks for a new preview.
  const clearPreview = { onChange: () => setPreview(undefined) };
  return (
    <form
      className="manage__form"
      noValidate
      aria-labelledby="order-status-heading"
      onSubmit={(event) => void (notify && !confirming ? ask(event) : submit(event))}
    >
      <h2 id="order-status-heading">Change the status</h2>
      <SelectField
        label="New status"
        required
        registration={form.register('status', clearPreview)}
        error={errors.status}
        options={[
          { value: '', label: 'Choose…' },
          ...order.nextStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
        ]}
      />
      <FormField
        label="Note (optional; never sent to the customer)"
        multiline
        registration={form.register('note')}
        error={errors.note}
      />
      <p>
        <label>
          <input type="checkbox" {...form.register('notifyCustomer', clearPreview)} /> E-mail the
          customer about this change
        </label>
      </p>
      {notify && (
        <FormField
          label="Message to the customer (leave empty for the suggested one; you see it first)"
          multiline
          registration={form.register('message', clearPreview)}
          error={errors.message}
        />
      )}
      {confirming && <EmailPreviewBox preview={preview} label="The e-mail to the customer" />}
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={statusFieldLabels} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy
          ? 'Saving…'
          : !notify
            ? 'Save'
            : confirming
              ? preview.to
                ? 'Save and send the e-mail'
                : 'Save'
              : 'Show the e-mail…'}
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
            <PaymentBadge payment={order.data.payment} /> · placed{' '}
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
          {order.data.payment && <PaymentSummary payment={order.data.payment} />}
          {order.data.payment && <RefundForm order={order.data} />}
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
