import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ErasedCustomer } from '@common/customer-data';
import type { CustomerDetail, CustomerSummary } from '@common/customers';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { DepositBadge, PaymentBadge } from '@/manage/shared/payment-badge';
import { ConfirmDialog } from '@/manage/shared/confirm-dialog';
import { EmptyState } from '@/manage/shared/empty-state';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchMe, meQueryKey } from '@/manage/shared/session-api';
import { CustomerDataRequest, ErasedCustomerNotice } from './customer-data-request';
import { CustomerNoteForm, noteKindLabels } from './customer-note-form';
import {
  customerQueryKey,
  customersQueryKey,
  fetchCustomer,
  mergeCustomer,
  searchCustomers,
} from './customers-api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dayOf = (isoDate: string) => day.format(new Date(`${isoDate}T12:00:00Z`));

/** A search box: the text is sent when the form is submitted (Enter or the button). */
function SearchBox({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="customers__search" onSubmit={send}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}

function contactLine(customer: CustomerSummary): string {
  return [customer.email, customer.telephone].filter(Boolean).join(' · ') || 'No contact details';
}

function SearchResults({ search }: { search: string }) {
  const found = useQuery({
    queryKey: customersQueryKey(search),
    queryFn: () => searchCustomers(search),
    staleTime: 0,
  });
  if (found.isPending) return <ScreenSkeleton />;
  if (found.isError)
    return <p role="alert">The customers could not be loaded. Please try again.</p>;
  if (found.data.length === 0) {
    return (
      <EmptyState title={search ? 'Nobody found.' : 'No customers yet.'}>
        {search
          ? 'Try part of a name, an e-mail address, a phone number or a booking or order reference.'
          : 'Each booking and order adds its customer here.'}
      </EmptyState>
    );
  }
  return (
    <ol className="manage__cards" aria-label="Customers found">
      {found.data.map((customer) => (
        <li key={customer.id} className="card">
          <p className="manage__audit-what">
            <Link to={`?customer=${customer.id}`}>{customer.name}</Link>
          </p>
          <p className="customers__contact">{contactLine(customer)}</p>
        </li>
      ))}
    </ol>
  );
}

/** Owner only: choose another record of the same person and fold it into this one. */
function MergeCustomers({ customer }: { customer: CustomerDetail }) {
  const queries = useQueryClient();
  const [search, setSearch] = useState<string | undefined>();
  const [other, setOther] = useState<CustomerSummary | undefined>();
  const found = useQuery({
    queryKey: customersQueryKey(search ?? ''),
    queryFn: () => searchCustomers(search ?? ''),
    enabled: search !== undefined,
  });
  const merge = useMutation({
    mutationFn: (otherId: number) => mergeCustomer(customer.id, otherId),
    onSuccess: async (answer) => {
      queries.setQueryData(customerQueryKey(customer.id), answer);
      await queries.invalidateQueries({ queryKey: ['manage', 'customers'] });
      setSearch(undefined);
      showToast('saved', 'Merged.');
    },
    onError: (error) =>
      showToast(
        'failed',
        error instanceof ApiError ? error.message : 'Not merged. Please try again.',
      ),
  });
  const candidates = (found.data ?? []).filter((c) => c.id !== customer.id);
  return (
    <section className="card" aria-labelledby="customer-merge-heading">
      <h2 id="customer-merge-heading">Merge with another record</h2>
      <p>
        When the same person has two records (a new e-mail, a different phone), find the other one
        and merge it here: its bookings, orders and notes move to this record.
      </p>
      <SearchBox label="Find the other record" initial="" onSearch={setSearch} />
      {found.isError && <p role="alert">The customers could not be loaded. Please try again.</p>}
      {search !== undefined && found.data && candidates.length === 0 && <p>Nobody else found.</p>}
      {candidates.length > 0 && (
        <ul className="customers__merge-list">
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <span>
                {candidate.name}{' '}
                <span className="customers__contact">{contactLine(candidate)}</span>
              </span>{' '}
              <button
                type="button"
                className="button"
                disabled={merge.isPending}
                onClick={() => setOther(candidate)}
              >
                Merge into this record…
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={other !== undefined}
        title="Merge these records?"
        text={`${other?.name ?? ''} (${other ? contactLine(other) : ''}) will be merged into ${customer.name}: every booking, order and note moves here. This cannot be undone.`}
        stayLabel="Keep them apart"
        goLabel="Merge"
        onStay={() => setOther(undefined)}
        onGo={() => {
          if (other) merge.mutate(other.id);
          setOther(undefined);
        }}
      />
    </section>
  );
}

/** The newest patch test and whether it still covers treatments today (issue 33). */
function PatchTestLine({ customer }: { customer: CustomerDetail }) {
  const test = customer.patchTest;
  if (!test) return <>None recorded</>;
  const what = `${test.result === 'pass' ? 'Passed' : 'Failed'} on ${dayOf(test.date)}${test.treatment ? ` (${test.treatment})` : ''}`;
  if (test.result === 'fail') return <>{what}: no treatment that needs one can be booked online</>;
  return (
    <>
      {what}:{' '}
      {test.valid
        ? `valid until ${dayOf(test.validUntil)}`
        : `expired on ${dayOf(test.validUntil)}; a new one is needed`}
    </>
  );
}

function CustomerPage({ id, isOwner }: { id: number; isOwner: boolean }) {
  const [erased, setErased] = useState<ErasedCustomer | undefined>();
  const customer = useQuery({
    queryKey: customerQueryKey(id),
    queryFn: () => fetchCustomer(id),
    staleTime: 0,
    enabled: erased === undefined,
  });
  if (erased) return <ErasedCustomerNotice erased={erased} />;
  if (customer.isPending) return <ScreenSkeleton />;
  if (customer.isError) {
    return (
      <section className="manage__screen">
        <PageHeading title="Customer">Customer</PageHeading>
        <p role="alert">
          {customer.error instanceof ApiError && customer.error.status === 404
            ? 'There is no such customer.'
            : 'The customer could not be loaded. Please try again.'}
        </p>
        <Link to=".">← All customers</Link>
      </section>
    );
  }
  const c = customer.data;
  return (
    <section className="manage__screen customers">
      <p>
        <Link to=".">← All customers</Link>
      </p>
      <PageHeading title={c.name}>{c.name}</PageHeading>
      {c.mergedInto !== null && (
        <p role="status">
          This record was merged into <Link to={`?customer=${c.mergedInto}`}>another one</Link>.
        </p>
      )}
      <section className="card" aria-labelledby="customer-contact-heading">
        <h2 id="customer-contact-heading">Contact</h2>
        <dl className="customers__facts">
          <dt>E-mail</dt>
          <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : 'Not given'}</dd>
          <dt>Phone</dt>
          <dd>{c.telephone ? <a href={`tel:${c.telephone}`}>{c.telephone}</a> : 'Not given'}</dd>
          <dt>Marketing e-mails</dt>
          <dd>
            {c.marketing
              ? `Agreed${c.consentAt ? ` on ${when.format(new Date(c.consentAt))}` : ''}${c.consentSource ? `, ${c.consentSource}` : ''}`
              : 'Not agreed'}
          </dd>
          <dt>Customer since</dt>
          <dd>{when.format(new Date(c.createdAt))}</dd>
          <dt>Patch test</dt>
          <dd>
            <PatchTestLine customer={c} />
          </dd>
        </dl>
      </section>
      <section aria-labelledby="customer-totals-heading">
        <h2 id="customer-totals-heading">Totals</h2>
        <dl className="customers__totals">
          <div>
            <dt>Visits</dt>
            <dd>{c.totals.visits}</dd>
          </div>
          <div>
            <dt>Spend</dt>
            <dd>{c.totals.spendText}</dd>
          </div>
          <div>
            <dt>No-shows</dt>
            <dd>{c.totals.noShows}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="customer-notes-heading">
        <h2 id="customer-notes-heading">Notes ({c.notes.length})</h2>
        {c.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ol className="manage__cards" aria-label="Notes">
            {c.notes.map((note) => (
              <li key={note.id} className="card">
                <p className="manage__audit-what">
                  {noteKindLabels[note.kind]}
                  {note.kind === 'patch-test' && note.patchTestDate
                    ? `: ${dayOf(note.patchTestDate)}, ${note.patchTestResult === 'pass' ? 'passed' : 'failed'}${note.patchTestTreatment ? `, for ${note.patchTestTreatment}` : ''}`
                    : ''}
                </p>
                {note.text && <p className="customers__note-text">{note.text}</p>}
                <p className="customers__contact">
                  <time dateTime={note.createdAt}>{when.format(new Date(note.createdAt))}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <CustomerNoteForm key={c.id} customer={c} />
      <section aria-labelledby="customer-bookings-heading">
        <h2 id="customer-bookings-heading">Bookings ({c.bookings.length})</h2>
        {c.bookings.length === 0 ? (
          <p>No bookings.</p>
        ) : (
          <ol className="manage__cards" aria-label="Bookings">
            {c.bookings.map((booking) => (
              <li key={booking.id} className="card">
                <p className="manage__audit-what">
                  <Link to={`/manage/diary?booking=${booking.id}`}>
                    {dayOf(booking.date)}, {booking.time}
                    {booking.reference ? ` · ${booking.reference}` : ''}
                  </Link>
                </p>
                <p>
                  {booking.treatments.join(', ')} · {booking.valueText} ·{' '}
                  <span className="manage__tag">{booking.status}</span>
                  {booking.deposit && (
                    <>
                      {' '}
                      <DepositBadge deposit={booking.deposit} />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      {c.orders.length > 0 && (
        <section aria-labelledby="customer-orders-heading">
          <h2 id="customer-orders-heading">Orders ({c.orders.length})</h2>
          <ol className="manage__cards" aria-label="Orders">
            {c.orders.map((order) => (
              <li key={order.orderNumber} className="card">
                <p className="manage__audit-what">
                  <Link to={`/manage/orders?order=${encodeURIComponent(order.orderNumber)}`}>
                    {order.orderNumber}
                  </Link>
                </p>
                <p>
                  {when.format(new Date(order.createdAt))} · {order.valueText} ·{' '}
                  <span className="manage__tag">{order.status}</span>{' '}
                  <PaymentBadge payment={order.payment} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {c.enquiries.length > 0 && (
        <section aria-labelledby="customer-enquiries-heading">
          <h2 id="customer-enquiries-heading">Enquiries ({c.enquiries.length})</h2>
          <ol className="manage__cards" aria-label="Enquiries">
            {c.enquiries.map((enquiry) => (
              <li key={`${enquiry.at}-${enquiry.subject}`} className="card">
                <p className="manage__audit-what">
                  Enquiry on <time dateTime={enquiry.at}>{when.format(new Date(enquiry.at))}</time>
                </p>
                <p>
                  {enquiry.subject} ·{' '}
                  <span className="manage__tag">
                    {enquiry.form === 'travel' ? 'travel form' : 'contact form'}
                  </span>
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {isOwner && c.mergedInto === null && <MergeCustomers customer={c} />}
      {isOwner && <CustomerDataRequest customer={c} onErased={setErased} />}
    </section>
  );
}

/**
 * /manage/customers (issue 33): find a customer by name, e-mail, phone or a booking or order
 * reference; ?customer=ID shows their page: contact details and consent, totals, notes (and
 * adding one), bookings (each opens in the diary), orders and enquiries, and for the owner,
 * merging and a data request (download their data, erase them).
 */
export default function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 300_000 });
  const id = Number(params.get('customer'));
  if (Number.isInteger(id) && id > 0) {
    return <CustomerPage id={id} isOwner={me.data?.role === 'owner'} />;
  }
  const search = params.get('search') ?? '';
  return (
    <section className="manage__screen customers">
      <PageHeading title="Customers">Customers</PageHeading>
      <SearchBox
        label="Name, e-mail, phone or reference"
        initial={search}
        onSearch={(text) => setParams(text ? { search: text } : {})}
      />
      <h2 className="customers__results-heading">
        {search ? `Found for “${search}”` : 'Seen most lately'}
      </h2>
      <SearchResults search={search} />
    </section>
  );
}
