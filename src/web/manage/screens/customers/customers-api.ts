import { customerExportFileName, type ErasedCustomer } from '@common/customer-data';
import type { CustomerDetail, CustomerSummary, NewCustomerNote } from '@common/customers';
import { apiFetch, apiJson, readApiError } from '@/lib/api-client';

/**
 * The customer records (issue 33). Answers are taken as their types, not parsed, as the diary's
 * are (docs/decisions/0054-back-office-answers-typed.md): the server builds them from its stores.
 */

export const customersQueryKey = (search: string) => ['manage', 'customers', search] as const;
export const customerQueryKey = (id: number) => ['manage', 'customer', id] as const;

export async function searchCustomers(search: string): Promise<CustomerSummary[]> {
  const answer = (await apiJson(`/api/manage/customers?search=${encodeURIComponent(search)}`)) as {
    customers: CustomerSummary[];
  };
  return answer.customers;
}

export async function fetchCustomer(id: number): Promise<CustomerDetail> {
  return (await apiJson(`/api/manage/customers/${id}`)) as CustomerDetail;
}

export async function addNote(id: number, note: NewCustomerNote): Promise<CustomerDetail> {
  return (await apiJson(`/api/manage/customers/${id}/notes`, {
    method: 'POST',
    body: JSON.stringify(note),
  })) as CustomerDetail;
}

export async function mergeCustomer(id: number, otherId: number): Promise<CustomerDetail> {
  return (await apiJson(`/api/manage/customers/${id}/merge`, {
    method: 'POST',
    body: JSON.stringify({ otherId }),
  })) as CustomerDetail;
}

/**
 * Downloads a customer's data (decision 0066) through the API client, so an expired session signs
 * in again in place rather than saving an error as the file; the browser then saves it.
 */
export async function downloadCustomerData(id: number, format: 'json' | 'csv'): Promise<void> {
  const response = await apiFetch(`/api/manage/customers/${id}/export.${format}`);
  if (!response.ok) throw await readApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = customerExportFileName(id, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function eraseCustomer(id: number): Promise<ErasedCustomer> {
  return (await apiJson(`/api/manage/customers/${id}/erase`, { method: 'POST' })) as ErasedCustomer;
}
