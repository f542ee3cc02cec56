import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ErasedCustomer } from '@common/customer-data';
import type { CustomerDetail } from '@common/customers';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { ModalDialog } from '@/manage/shared/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { customerQueryKey, downloadCustomerData, eraseCustomer } from './customers-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Owner only (decision 0066): a customer's data request from their page. The export downloads
 * as JSON or CSV; erasing asks first, saying exactly what goes and what stays, then `onErased`
 * shows the page's erased state.
 */
export function CustomerDataRequest({
  customer,
  onErased,
}: {
  customer: CustomerDetail;
  onErased: (erased: ErasedCustomer) => void;
}) {
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const download = useMutation({
    mutationFn: (format: 'json' | 'csv') => downloadCustomerData(customer.id, format),
    onError: (error) =>
      showToast(
        'failed',
        error instanceof ApiError ? error.message : 'Not downloaded. Please try again.',
      ),
  });
  const erase = useMutation({
    mutationFn: () => eraseCustomer(customer.id),
    onSuccess: async (erased) => {
      queries.removeQueries({ queryKey: customerQueryKey(customer.id) });
      await queries.invalidateQueries({ queryKey: ['manage', 'customers'] });
      onErased(erased);
    },
    onError: (error) =>
      showToast(
        'failed',
        error instanceof ApiError ? error.message : 'Not erased. Please try again.',
      ),
  });
  return (
    <section className="card" aria-labelledby="customer-data-heading">
      <h2 id="customer-data-heading">Their data</h2>
      <p>
        When {customer.name} asks for a copy of what you hold on them, download it here: contact
        details, consent, notes, every booking and order, enquiries and the e-mails sent to or from
        them.
      </p>
      <p className="customers__actions">
        {(['csv', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button"
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
          >
            Download their data ({format.toUpperCase()})
          </button>
        ))}
      </p>
      <p>When they ask you to delete their details, erase them.</p>
      <p>
        <button
          type="button"
          className="button"
          disabled={erase.isPending}
          onClick={() => setAsking(true)}
        >
          Erase this customer…
        </button>
      </p>
      <ModalDialog
        open={asking}
        title={`Erase ${customer.name}?`}
        onCancel={() => setAsking(false)}
      >
        <p>This cannot be undone. Erasing {customer.name}:</p>
        <ul>
          <li>
            keeps their {plural(customer.bookings.length, 'booking')} and{' '}
            {plural(customer.orders.length, 'order')} as anonymised records, named “Erased
            customer”, with their e-mail, phone, address and notes blanked; the dates, treatments,
            products and values stay, so your figures do not change;
          </li>
          <li>deletes their {plural(customer.notes.length, 'note')} and their enquiries;</li>
          <li>deletes every e-mail to or from them still in the outbox;</li>
          <li>deletes this customer record.</li>
        </ul>
        <p>The audit trail records that a customer was erased, without their details.</p>
        <p className="manage-dialog__actions">
          <button type="button" className="button button--primary" onClick={() => setAsking(false)}>
            Keep this customer
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setAsking(false);
              erase.mutate();
            }}
          >
            Erase for good
          </button>
        </p>
      </ModalDialog>
    </section>
  );
}

/** What the page shows once the customer is erased: what was done, and the way back. */
export function ErasedCustomerNotice({ erased }: { erased: ErasedCustomer }) {
  return (
    <section className="manage__screen customers">
      <PageHeading title="Customer erased">Customer erased</PageHeading>
      <p role="status">
        {plural(erased.bookingsAnonymised, 'booking')} and{' '}
        {plural(erased.ordersAnonymised, 'order')} kept as anonymised records;{' '}
        {plural(erased.notesDeleted, 'note')},{' '}
        {plural(erased.enquiriesDeleted, 'enquiry', 'enquiries')} and{' '}
        {plural(erased.emailsDeleted, 'e-mail')} deleted. The customer record is gone.
      </p>
      <p>
        <Link to=".">← All customers</Link>
      </p>
    </section>
  );
}
