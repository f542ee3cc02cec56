import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  shopSettingsSchema,
  type ShopSettings,
  type ShopSettingsAnswer,
} from '@common/shop-settings';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import { fetchShopSettings, saveShopSettings, shopSettingsQueryKey } from './shop-settings-api';

/** The boxes hold what was typed (pounds, percent); the send gets pence and basis points. */
interface ZoneValues {
  name: string;
  prefixes: string;
  price: string;
  freeOver: string;
}
interface SettingsValues {
  vatRegistered: boolean;
  vatRate: string;
  pricesIncludeVat: boolean;
  vatNumber: string;
  collectionOffered: boolean;
  collectionAddress: string;
  openingTimes: string;
  deliveryOffered: boolean;
  zones: ZoneValues[];
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const pence = (typed: string) =>
  typed.trim() === '' ? Number.NaN : Math.round(Number(typed) * 100);

export const valuesOf = (s: ShopSettings): SettingsValues => ({
  vatRegistered: s.vat.registered,
  vatRate: String(s.vat.rateBasisPoints / 100),
  pricesIncludeVat: s.vat.pricesIncludeVat,
  vatNumber: s.vat.vatNumber,
  collectionOffered: s.collection.offered,
  collectionAddress: s.collection.address,
  openingTimes: s.collection.openingTimes,
  deliveryOffered: s.delivery.offered,
  zones: s.delivery.zones.map((zone) => ({
    name: zone.name,
    prefixes: zone.prefixes.join(', '),
    price: pounds(zone.pricePence),
    freeOver: zone.freeOverPence === null ? '' : pounds(zone.freeOverPence),
  })),
});

const settingsOf = (v: SettingsValues) => ({
  vat: {
    registered: v.vatRegistered,
    rateBasisPoints: v.vatRegistered ? Math.round(Number(v.vatRate) * 100) : 0,
    pricesIncludeVat: v.pricesIncludeVat,
    vatNumber: v.vatNumber,
  },
  collection: {
    offered: v.collectionOffered,
    address: v.collectionAddress,
    openingTimes: v.openingTimes,
  },
  delivery: {
    offered: v.deliveryOffered,
    zones: v.zones.map((zone) => ({
      name: zone.name,
      prefixes: zone.prefixes
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      pricePence: pence(zone.price),
      freeOverPence: zone.freeOver.trim() === '' ? null : pence(zone.freeOver),
    })),
  },
});

/** Where a schema path (delivery.zones.0.pricePence) is on this form (zones.0.price). */
function fieldOf(path: readonly PropertyKey[]): string {
  const [group, key, index, inner] = path.map(String);
  const names: Record<string, string> = {
    'vat.rateBasisPoints': 'vatRate',
    'vat.vatNumber': 'vatNumber',
    'collection.address': 'collectionAddress',
    'collection.openingTimes': 'openingTimes',
  };
  if (group === 'delivery' && key === 'zones' && index !== undefined) {
    const zoneField: Record<string, string> = {
      name: 'name',
      prefixes: 'prefixes',
      pricePence: 'price',
      freeOverPence: 'freeOver',
    };
    return `zones.${index}.${zoneField[inner ?? ''] ?? 'name'}`;
  }
  return names[`${group}.${key}`] ?? 'vatRate';
}

const resolver: Resolver<SettingsValues, unknown, ShopSettings> = (values) => {
  const parsed = z.safeParse(shopSettingsSchema, settingsOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const name = fieldOf(issue.path);
    const parts = name.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] ??= { type: 'schema', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<SettingsValues> };
};

const isSettingsValues = (value: unknown): value is SettingsValues =>
  typeof value === 'object' && value !== null && Array.isArray((value as SettingsValues).zones);

const labels: Record<string, string> = {
  vatRate: 'VAT rate (%)',
  vatNumber: 'VAT number',
  collectionAddress: 'Collection address',
  openingTimes: 'Opening times for collection',
};
const labelOf = (path: string) => {
  const zone = /^zones\.(\d+)\.(\w+)/.exec(path);
  if (zone) return `Zone ${Number(zone[1]) + 1}: ${zone[2]}`;
  return labels[path] ?? path;
};

function SettingsForm({ answer }: { answer: ShopSettingsAnswer }) {
  const queries = useQueryClient();
  const form = useForm<SettingsValues, unknown, ShopSettings>({
    resolver,
    mode: 'onSubmit',
    defaultValues: valuesOf(answer.settings),
  });
  // Rows added and removed by value, not useFieldArray: that hook would grow the react-hook-form
  // chunk checkout shares past the visitor's budget.
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the staff form does
  const zoneRows = form.watch('zones');
  const setZones = (next: ZoneValues[]) => form.setValue('zones', next, { shouldDirty: true });
  const draft = useFormDraft(form, {
    screen: 'shop-settings',
    record: 'settings',
    version: answer.version,
    isValues: isSettingsValues,
  });
  const conflict = useVersionConflict<ShopSettingsAnswer>();
  useUnsavedChanges(form.formState.isDirty);

  const showSaved = (saved: ShopSettingsAnswer) => {
    queries.setQueryData(shopSettingsQueryKey, saved);
    form.reset(valuesOf(saved.settings));
    draft.forget(saved.version);
    conflict.clear();
  };
  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (settings) => {
      const version = conflict.versionToSend(Number(draft.baseVersion));
      showSaved(await saveShopSettings(settings, version));
    },
    savedText: 'Saved. Checkout follows the change now.',
    failedText: 'The settings could not be saved. Please try again.',
    onFailure: (error) =>
      conflict.onConflict(error, fetchShopSettings, (message) => setFailure(message)),
  });
  const errors = form.formState.errors;
  const submitting = form.formState.isSubmitting;
  const vatRegistered = form.watch('vatRegistered');
  return (
    <form
      className="manage__form"
      aria-label="Shop settings"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {conflict.view({
        differences: (theirs) => diffVersions(valuesOf(theirs.settings), form.getValues()),
        labelOf,
        busy: submitting,
        resubmit: () => void submit(),
        takeTheirs: showSaved,
      })}
      <h2>VAT</h2>
      <label className="manage__check">
        <input type="checkbox" {...form.register('vatRegistered')} /> The business is VAT-registered
      </label>
      {vatRegistered && (
        <>
          <FormField
            label={labels.vatRate!}
            inputMode="decimal"
            registration={form.register('vatRate')}
            error={errors.vatRate}
          />
          <label className="manage__check">
            <input type="checkbox" {...form.register('pricesIncludeVat')} /> Prices include VAT
          </label>
          <FormField
            label={labels.vatNumber!}
            hint="Printed on every order e-mail."
            registration={form.register('vatNumber')}
            error={errors.vatNumber}
          />
        </>
      )}
      <h2>Collection</h2>
      <label className="manage__check">
        <input type="checkbox" {...form.register('collectionOffered')} /> Customers may collect from
        the shop
      </label>
      <FormField
        label={labels.collectionAddress!}
        multiline
        registration={form.register('collectionAddress')}
        error={errors.collectionAddress}
      />
      <FormField
        label={labels.openingTimes!}
        multiline
        registration={form.register('openingTimes')}
        error={errors.openingTimes}
      />
      <h2>Delivery</h2>
      <label className="manage__check">
        <input type="checkbox" {...form.register('deliveryOffered')} /> Deliver to the zones below
      </label>
      <p>
        A postcode goes to the zone with its longest matching prefix: an area (EH), a district
        (EH28) or a sector (EH28 8). Prices in pounds; leave “Free over” empty for never.
      </p>
      {zoneRows.map((_zone, index) => (
        <fieldset key={index} className="card">
          <legend>Zone {index + 1}</legend>
          <FormField
            label="Zone name"
            registration={form.register(`zones.${index}.name`)}
            error={errors.zones?.[index]?.name}
          />
          <FormField
            label="Postcode prefixes, separated by commas"
            registration={form.register(`zones.${index}.prefixes`)}
            error={errors.zones?.[index]?.prefixes}
          />
          <FormField
            label="Delivery price (£)"
            inputMode="decimal"
            registration={form.register(`zones.${index}.price`)}
            error={errors.zones?.[index]?.price}
          />
          <FormField
            label="Free over (£)"
            inputMode="decimal"
            registration={form.register(`zones.${index}.freeOver`)}
            error={errors.zones?.[index]?.freeOver}
          />
          <button
            type="button"
            className="button"
            onClick={() => setZones(zoneRows.filter((_, i) => i !== index))}
          >
            Remove zone {index + 1}
          </button>
        </fieldset>
      ))}
      <p>
        <button
          type="button"
          className="button"
          onClick={() =>
            setZones([...zoneRows, { name: '', prefixes: '', price: '', freeOver: '' }])
          }
        >
          Add a zone
        </button>
      </p>
      <FormErrorSummary form={form} failure={failure} labels={labels} />
      <p>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save shop settings'}
        </button>
      </p>
    </form>
  );
}

/** /manage/shop-settings: VAT, collection from the shop and delivery zones (issue 35). */
export default function ShopSettingsPage() {
  const answer = useQuery({ queryKey: shopSettingsQueryKey, queryFn: fetchShopSettings });
  return (
    <section className="manage__screen">
      <PageHeading title="Shop settings">Shop settings</PageHeading>
      {answer.isPending && <ScreenSkeleton />}
      {answer.isError && <p role="alert">The settings could not be loaded. Please try again.</p>}
      {answer.data && <SettingsForm key={answer.data.version} answer={answer.data} />}
    </section>
  );
}
