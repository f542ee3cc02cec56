import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  paymentSettingsRequestSchema,
  type PaymentConnectionTest,
  type PaymentSettingsAnswer,
  type PaymentSettingsRequest,
} from '@common/payments';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { failureMessageOf, useFormSubmit } from '@/lib/form-kit';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  fetchPaymentSettings,
  paymentSettingsQueryKey,
  savePaymentSettings,
  testPaymentConnection,
} from './payments-api';
import './payments.css';

/**
 * The form's fields: the keys are write-only (empty keeps the saved one), and the on/off. Checked
 * with the request's own schema (the version is the screen's, added when sending).
 */
interface PaymentValues {
  secretKey: string;
  webhookSecret: string;
  enabled: boolean;
}
type PaymentFields = Omit<PaymentSettingsRequest, 'version'>;
const checkRequest = zodResolver(paymentSettingsRequestSchema);
const resolver: Resolver<PaymentValues, unknown, PaymentFields> = (values, context, options) =>
  checkRequest(
    { ...values, version: 0 } as never,
    context,
    options as never,
  ) as unknown as ReturnType<Resolver<PaymentValues, unknown, PaymentFields>>;

const labels = {
  secretKey: 'Secret key',
  webhookSecret: 'Webhook signing secret',
  enabled: 'Take card payments at checkout',
};

/** Where Stripe sends its events, with a button to copy it (selected for a manual copy). */
function WebhookAddress({ url }: { url: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Address copied.');
    } catch {
      field.current?.select();
      setCopied('Select the address and copy it.');
    }
  };
  return (
    <div className="payments__webhook">
      <label htmlFor={id}>Webhook address (paste it into Stripe)</label>
      <input
        id={id}
        ref={field}
        className="payments__url"
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p>
        <button type="button" className="button" onClick={() => void copy()}>
          Copy the address
        </button>{' '}
        <span role="status">{copied}</span>
      </p>
    </div>
  );
}

/** Asks Stripe whether the saved key works; says what it answered. */
function TestConnection() {
  const [answer, setAnswer] = useState<PaymentConnectionTest | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setAnswer(undefined);
    try {
      setAnswer(await testPaymentConnection());
    } catch (error) {
      setAnswer({
        ok: false,
        message: failureMessageOf(error, 'The test could not be run. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <p>
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {busy ? 'Asking Stripe…' : 'Test the connection'}
      </button>{' '}
      <span role="status" className={answer && !answer.ok ? 'payments__test-failed' : undefined}>
        {answer?.message}
      </span>
    </p>
  );
}

const emptyKeys = (settings: PaymentSettingsAnswer): PaymentValues => ({
  secretKey: '',
  webhookSecret: '',
  enabled: settings.enabled,
});

/**
 * The keys and the on/off, on the form kit. Saved with the version read: when someone else saved
 * meanwhile, the server refuses, the screen shows their (masked) keys, and what was typed stays
 * for a second press to save over them.
 */
function PaymentsForm({ settings }: { settings: PaymentSettingsAnswer }) {
  const queries = useQueryClient();
  const [current, setCurrent] = useState(settings);
  const form = useForm<PaymentValues, unknown, PaymentFields>({
    resolver,
    mode: 'onSubmit',
    defaultValues: emptyKeys(settings),
  });
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      const saved = await savePaymentSettings({ ...fields, version: current.version });
      queries.setQueryData(paymentSettingsQueryKey, saved);
      setCurrent(saved);
      form.reset(emptyKeys(saved));
    },
    savedText: 'Saved.',
    failedText: 'The payment settings could not be saved. Please try again.',
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else's save: show theirs; the typing stays, and the next save is over theirs.
        void fetchPaymentSettings()
          .then((fresh) => {
            setCurrent(fresh);
            queries.setQueryData(paymentSettingsQueryKey, fresh);
          })
          .catch(() => undefined);
      }
      return false;
    },
  });
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  const saved = (masked: string | null) =>
    masked ? `Saved: ${masked}. Leave empty to keep it.` : undefined;
  return (
    <form
      className="manage__form card"
      aria-labelledby="payments-keys-heading"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="payments-keys-heading">Your Stripe account</h2>
      <p>
        {current.connected
          ? current.enabled
            ? 'Connected: customers can pay by card at checkout.'
            : 'Connected, but card payment is switched off: checkout offers paying in person only. Refunds still work.'
          : 'Not connected yet: customers pay in person, as before.'}
      </p>
      <FormField
        label={labels.secretKey}
        type="password"
        autoComplete="off"
        registration={form.register('secretKey')}
        error={errors.secretKey}
        hint={
          saved(current.secretKeyMasked) ??
          'In Stripe: Developers → API keys → Secret key. It starts sk_live_ (or sk_test_ to try it out).'
        }
      />
      <FormField
        label={labels.webhookSecret}
        type="password"
        autoComplete="off"
        registration={form.register('webhookSecret')}
        error={errors.webhookSecret}
        hint={
          saved(current.webhookSecretMasked) ??
          'In Stripe: Developers → Webhooks → Add endpoint, with the address below and the events checkout.session.completed, checkout.session.async_payment_succeeded and charge.refunded; then Signing secret. It starts whsec_.'
        }
      />
      <label className="manage__check">
        <input type="checkbox" {...form.register('enabled')} /> {labels.enabled}
      </label>
      <FormErrorSummary form={form} failure={failure} busy={busy} labels={labels} />
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </p>
      <WebhookAddress url={current.webhookUrl} />
      {current.connected && <TestConnection />}
    </form>
  );
}

/**
 * /manage/payments (issue 36, docs/decisions/0075 and 0078): the owner connects the business's
 * own Stripe account. The keys are sealed on the server and never come back: only their last four
 * characters. Without the operator's PAYMENTS_ENCRYPTION_KEY nothing can be stored, and the
 * screen says so instead of offering a form that would fail.
 */
export default function PaymentsPage() {
  const settings = useQuery({ queryKey: paymentSettingsQueryKey, queryFn: fetchPaymentSettings });
  return (
    <section className="manage__screen">
      <PageHeading title="Payments">Card payments</PageHeading>
      <p>
        Connect your own Stripe account and customers pay by card when they order; the money goes to
        your Stripe account, and you refund from an order’s page here. Card details never pass
        through this site.
      </p>
      {settings.isPending && <ScreenSkeleton />}
      {settings.isError && (
        <p role="alert">The payment settings could not be loaded. Please try again.</p>
      )}
      {settings.data && !settings.data.encryptionAvailable && (
        <div className="card" role="note">
          <h2>Not available on this server yet</h2>
          <p>
            Your keys cannot be stored safely until whoever runs this site sets
            PAYMENTS_ENCRYPTION_KEY (see docs/operating.md). Ask them to, then come back here. Until
            then, customers pay in person as before.
          </p>
        </div>
      )}
      {settings.data?.encryptionAvailable && <PaymentsForm settings={settings.data} />}
    </section>
  );
}
