import type {
  PaymentConnectionTest,
  PaymentSettingsAnswer,
  PaymentSettingsRequest,
} from '@common/payments';
import { typed } from '@/manage/shared/booking-queries';

/** The Payments screen's calls (/api/manage/payment-settings, issue 36). */
export const paymentSettingsQueryKey = ['manage', 'payment-settings'] as const;

export function fetchPaymentSettings(): Promise<PaymentSettingsAnswer> {
  return typed('/api/manage/payment-settings');
}

export function savePaymentSettings(
  settings: PaymentSettingsRequest,
): Promise<PaymentSettingsAnswer> {
  return typed('/api/manage/payment-settings', {
    method: 'PUT',
    body: JSON.stringify(settings),
  });
}

export function testPaymentConnection(): Promise<PaymentConnectionTest> {
  return typed('/api/manage/payment-settings/test', { method: 'POST' });
}
