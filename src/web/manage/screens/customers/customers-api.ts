import type { CustomerDetail, CustomerSummary, NewCustomerNote } from '@common/customers';
import { apiJson } from '@/lib/api-client';

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
