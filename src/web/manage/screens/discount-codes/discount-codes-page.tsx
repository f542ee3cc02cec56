import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { formatPounds } from '@common/money';
import {
  discountCodeInputSchema,
  type DiscountCodeInput,
  type DiscountCodeRecord,
} from '@common/shop-settings';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import {
  discountCodesQueryKey,
  fetchDiscountCode,
  fetchDiscountCodes,
  saveDiscountCode,
} from './discount-codes-api';

/** The boxes hold what was typed; amounts in pounds, limits and dates may be empty. */
interface CodeValues {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minSpend: string;
  startsOn: string;
  endsOn: string;
  totalLimit: string;
  perCustomerLimit: string;
  freeDelivery: boolean;
  active: boolean;
}

const emptyCode: CodeValues = {
  code: '',
  kind: 'percent',
  value: '',
  minSpend: '0',
  startsOn: '',
  endsOn: '',
  totalLimit: '',
  perCustomerLimit: '',
  freeDelivery: false,
  active: true,
};

const valuesOf = (c: DiscountCodeRecord): CodeValues => ({
  code: c.code,
  kind: c.kind,
  value: c.kind === 'fixed' ? (c.value / 100).toFixed(2) : String(c.value),
  minSpend: (c.minSpendPence / 100).toFixed(2),
  startsOn: c.startsOn ?? '',
  endsOn: c.endsOn ?? '',
  totalLimit: c.totalLimit === null ? '' : String(c.totalLimit),
  perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
  freeDelivery: c.freeDelivery,
  active: c.active,
});

const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));
const inputOf = (v: CodeValues) => ({
  code: v.code,
  kind: v.kind,
  value: v.kind === 'fixed' ? Math.round(Number(v.value) * 100) : Number(v.value),
  minSpendPence: Math.round(Number(v.minSpend || '0') * 100),
  startsOn: v.startsOn || null,
  endsOn: v.endsOn || null,
  totalLimit: numberOrNull(v.totalLimit),
  perCustomerLimit: numberOrNull(v.perCustomerLimit),
  freeDelivery: v.freeDelivery,
  active: v.active,
});

const fieldNames: Record<string, keyof CodeValues> = {
  minSpendPence: 'minSpend',
};
const resolver: Resolver<CodeValues, unknown, DiscountCodeInput> = (values) => {
  const parsed = z.safeParse(discountCodeInputSchema, inputOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'code');
    const name = fieldNames[key] ?? key;
    errors[name] ??= { type: 'schema', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<CodeValues> };
};

const isCodeValues = (value: unknown): value is CodeValues =>
  typeof value === 'object' && value !== null && 'code' in value && 'kind' in value;

const labels: Record<string, string> = {
  code: 'Code',
  kind: 'Kind',
  value: 'Value',
  minSpend: 'Minimum spend (£)',
  startsOn: 'Starts on',
  endsOn: 'Ends on',
  totalLimit: 'Uses in total',
  perCustomerLimit: 'Uses per customer',
};

function CodeForm({
  record,
  onDone,
}: {
  record: DiscountCodeRecord | undefined;
  onDone: () => void;
}) {
  const queries = useQueryClient();
  const form = useForm<CodeValues, unknown, DiscountCodeInput>({
    resolver,
    mode: 'onSubmit',
    defaultValues: record ? valuesOf(record) : emptyCode,
  });
  const draft = useFormDraft(form, {
    screen: 'discount-codes',
    record: record ? String(record.id) : 'new',
    version: record?.version ?? 0,
    isValues: isCodeValues,
  });
  const conflict = useVersionConflict<DiscountCodeRecord>();
  useUnsavedChanges(form.formState.isDirty);
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (code) => {
      const version = record ? conflict.versionToSend(Number(draft.baseVersion)) : undefined;
      await saveDiscountCode(record?.id, code, version);
      form.reset(form.getValues());
      draft.forget(0);
      await queries.invalidateQueries({ queryKey: discountCodesQueryKey });
      onDone();
    },
    savedText: 'Saved. Checkout takes the code as it is now.',
    failedText: 'The code could not be saved. Please try again.',
    issuePrefix: 'code.',
    issueNames: { 'code.minSpendPence': 'minSpend' },
    onFailure: (error) =>
      record !== undefined &&
      conflict.onConflict(
        error,
        () => fetchDiscountCode(record.id),
        (message) => setFailure(message),
      ),
  });
  const errors = form.formState.errors;
  const submitting = form.formState.isSubmitting;
  return (
    <form
      className="manage__form card"
      aria-label={record ? `Change the code ${record.code}` : 'Add a code'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {conflict.view({
        differences: (theirs) => diffVersions(valuesOf(theirs), form.getValues()),
        labelOf: (path) => labels[path] ?? path,
        busy: submitting,
        resubmit: () => void submit(),
        takeTheirs: (theirs) => {
          form.reset(valuesOf(theirs));
          draft.forget(theirs.version);
        },
      })}
      <FormField
        label={labels.code!}
        required
        registration={form.register('code')}
        error={errors.code}
      />
      <SelectField
        label={labels.kind!}
        options={[
          { value: 'percent', label: 'Percent off the goods' },
          { value: 'fixed', label: 'An amount in pounds off the goods' },
        ]}
        registration={form.register('kind')}
        error={errors.kind}
      />
      <FormField
        label="Value (percent, or pounds for fixed)"
        inputMode="decimal"
        required
        registration={form.register('value')}
        error={errors.value}
      />
      <FormField
        label={labels.minSpend!}
        inputMode="decimal"
        registration={form.register('minSpend')}
        error={errors.minSpend}
      />
      <FormField
        label={labels.startsOn!}
        type="date"
        registration={form.register('startsOn')}
        error={errors.startsOn}
      />
      <FormField
        label={labels.endsOn!}
        type="date"
        registration={form.register('endsOn')}
        error={errors.endsOn}
      />
      <FormField
        label={labels.totalLimit!}
        hint="Empty for no limit."
        inputMode="numeric"
        registration={form.register('totalLimit')}
        error={errors.totalLimit}
      />
      <FormField
        label={labels.perCustomerLimit!}
        hint="Counted by e-mail address; empty for no limit."
        inputMode="numeric"
        registration={form.register('perCustomerLimit')}
        error={errors.perCustomerLimit}
      />
      <label className="manage__check">
        <input type="checkbox" {...form.register('freeDelivery')} /> Free delivery with this code
      </label>
      <label className="manage__check">
        <input type="checkbox" {...form.register('active')} /> In use (untick to deactivate)
      </label>
      <FormErrorSummary form={form} failure={failure} labels={labels} />
      <p>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save the code'}
        </button>{' '}
        <button type="button" className="button" onClick={onDone}>
          Close
        </button>
      </p>
    </form>
  );
}

const describe = (c: DiscountCodeRecord) =>
  [
    c.kind === 'percent' ? `${c.value}% off` : `${formatPounds(c.value / 100)} off`,
    c.freeDelivery ? 'free delivery' : '',
    c.minSpendPence > 0 ? `over ${formatPounds(c.minSpendPence / 100)}` : '',
    `used ${c.usedCount}${c.totalLimit === null ? '' : ` of ${c.totalLimit}`}`,
    c.active ? '' : 'not in use',
  ]
    .filter(Boolean)
    .join(' · ');

/** /manage/discount-codes: the client's codes; add, change and deactivate them (issue 35). */
export default function DiscountCodesPage() {
  const codes = useQuery({ queryKey: discountCodesQueryKey, queryFn: fetchDiscountCodes });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <section className="manage__screen">
      <PageHeading title="Discount codes">Discount codes</PageHeading>
      {editing === 'new' ? (
        <CodeForm record={undefined} onDone={() => setEditing(null)} />
      ) : (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing('new')}
          >
            Add a code
          </button>
        </p>
      )}
      {codes.isPending && <ScreenSkeleton />}
      {codes.isError && <p role="alert">The codes could not be loaded. Please try again.</p>}
      {codes.data && codes.data.length === 0 && <p>No codes yet.</p>}
      {codes.data && codes.data.length > 0 && (
        <ul className="manage__list">
          {codes.data.map((code) => (
            <li key={code.id}>
              {editing === code.id ? (
                <CodeForm key={code.version} record={code} onDone={() => setEditing(null)} />
              ) : (
                <p>
                  <strong>{code.code}</strong> {describe(code)}{' '}
                  <button type="button" className="button" onClick={() => setEditing(code.id)}>
                    Change {code.code}
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
