import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  productFieldsSchema,
  type ManagedProduct,
  type ProductFields,
} from '@common/manage-products';
import { ErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ResponsivePicture } from '@/components/responsive-picture';
import { useClient } from '@/lib/client-context';
import { useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { EmptyState } from '@/manage/shared/empty-state';
import { RichTextEditor } from '@/manage/shared/rich-text-editor/lazy-rich-text-editor';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { EditAndMoveButtons, useReorderList } from '@/manage/shared/reorder-list';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import {
  baseAfterOwnChange,
  comparableValues,
  formValuesOf,
  isProductFormValues,
  productFieldLabels,
  schemaInputOf,
  type ProductFormValues,
} from './product-form-values';
import { ProductPictures } from './product-pictures';
import {
  addProduct,
  fetchManagedProduct,
  fetchManagedProducts,
  productsQueryKey,
  saveProduct,
  fetchShopCategories,
  saveProductOrder,
  setHidden,
  shopCategoriesQueryKey,
} from './products-api';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFields>;

/**
 * The shared schema (the one the server checks the product with) over the form's values, the
 * price read as the number it was typed as: the boxes keep what was typed, the send gets numbers.
 */
const checkFields = zodResolver(productFieldsSchema);
const productResolver: Resolver<ProductFormValues, unknown, ProductFields> = (
  values,
  context,
  options,
) =>
  checkFields(schemaInputOf(values) as never, context, options as never) as unknown as ReturnType<
    Resolver<ProductFormValues, unknown, ProductFields>
  >;

/** Puts a product as the server answered it into the screen's list. */
function putInList(queries: QueryClient, product: ManagedProduct): void {
  queries.setQueryData<ManagedProduct[]>(productsQueryKey, (list) =>
    list?.map((p) => (p.id === product.id ? product : p)),
  );
}

const saleModeLabels = { buy: 'Buy online', enquire: 'Enquire ("Starting from", contact us)' };
const stockModeLabels = {
  untracked: 'Not tracked',
  count: 'Count how many are left',
  made_to_order: 'Made to order',
};

/**
 * Title, price, category, how it is sold and its stock: the same boxes in the edit form and the
 * add form. The categories are the owner's own (issue 35).
 */
function ProductFieldInputs({ form }: { form: ProductForm }) {
  const client = useClient();
  const errors = form.formState.errors;
  const categories = useQuery({ queryKey: shopCategoriesQueryKey, queryFn: fetchShopCategories });
  const categoryNames = Object.fromEntries(
    (categories.data ?? []).map((c) => [c.slug, c.hidden ? `${c.name} (hidden)` : c.name]),
  );
  const stockMode = form.watch('stockMode');
  return (
    <>
      <FormField
        label={productFieldLabels.title}
        required
        registration={form.register('title')}
        error={errors.title}
      />
      <FormField
        label={`${productFieldLabels.price} (${client.pricesInPence ? 'in pence' : 'in whole pounds'})`}
        hint={client.pricesInPence ? 'For example 1250 for £12.50.' : 'For example 1250.'}
        required
        inputMode="numeric"
        registration={form.register('price')}
        error={errors.price}
      />
      <FormField
        label={productFieldLabels.category}
        required
        options={['Choose a category', ...Object.keys(categoryNames)]}
        optionLabels={categoryNames}
        registration={form.register('category')}
        error={errors.category}
      />
      <FormField
        label={productFieldLabels.saleMode}
        options={['buy', 'enquire']}
        firstIsEmpty={false}
        optionLabels={saleModeLabels}
        registration={form.register('saleMode')}
        error={errors.saleMode}
      />
      <FormField
        label={productFieldLabels.stockMode}
        options={['untracked', 'count', 'made_to_order']}
        firstIsEmpty={false}
        optionLabels={stockModeLabels}
        registration={form.register('stockMode')}
        error={errors.stockMode}
      />
      {stockMode === 'count' && (
        <FormField
          label={productFieldLabels.stockCount}
          hint="Goes down with each order; at 0 the site shows Out of stock."
          required
          inputMode="numeric"
          registration={form.register('stockCount')}
          error={errors.stockCount}
        />
      )}
      {stockMode === 'made_to_order' && (
        <FormField
          label={productFieldLabels.leadTimeDays}
          hint="The site says “Made to order: ready in about N days”."
          required
          inputMode="numeric"
          registration={form.register('leadTimeDays')}
          error={errors.leadTimeDays}
        />
      )}
    </>
  );
}

/**
 * One product's words and price on the form kit (the shared schema, the server's field problems
 * on their fields, the summary, a toast), kept as a draft in this browser until saved or
 * discarded, saved with the version the edit began from: someone else's save first shows both
 * versions. Its description is the screen's one rich-text editor.
 */
function ProductForm({
  product,
  idBase,
  titleId,
  ownChanges,
}: {
  product: ManagedProduct;
  idBase: string;
  titleId: string;
  /** Told by the pictures of the product each time the owner's own change made a new version. */
  ownChanges: RefObject<(changed: ManagedProduct) => void>;
}) {
  const queries = useQueryClient();
  const form = useForm<ProductFormValues, unknown, ProductFields>({
    resolver: productResolver,
    mode: 'onSubmit',
    defaultValues: formValuesOf(product),
  });
  const draft = useFormDraft(form, {
    screen: 'products',
    record: String(product.id),
    version: product.version,
    isValues: isProductFormValues,
  });
  const conflict = useVersionConflict<ManagedProduct>();
  const [savedNote, setSavedNote] = useState('');
  useUnsavedChanges(form.formState.isDirty);

  const { setBaseVersion } = draft;
  const ownChange = (changed: ManagedProduct) => {
    putInList(queries, changed);
    setBaseVersion((base) => baseAfterOwnChange(base, changed.version));
  };
  useEffect(() => {
    ownChanges.current = (changed) =>
      setBaseVersion((base) => baseAfterOwnChange(base, changed.version));
  }, [ownChanges, setBaseVersion]);

  const showSaved = (answer: ManagedProduct) => {
    putInList(queries, answer);
    // The description as stored: what the server's sanitiser kept of it.
    form.reset(formValuesOf(answer));
    draft.forget(answer.version);
    conflict.clear();
  };

  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (fields) => {
      setSavedNote('');
      const version = conflict.versionToSend(Number(draft.baseVersion));
      showSaved(await saveProduct(product.id, { ...fields, version }));
      setSavedNote('Saved. The site shows the change now.');
    },
    savedText: 'Saved.',
    failedText: 'The product could not be saved. Please try again.',
    onFailure: (error) =>
      conflict.onConflict(
        error,
        () => fetchManagedProduct(product.id),
        (message) => setFailure(message),
      ),
  });

  const visibility = useMutation({
    mutationFn: () => setHidden(product.id, !product.hidden),
    onSuccess: ownChange,
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- watch: useWatch would grow the chunk visitor forms share (hours-page.tsx)
  const blurb = form.watch('blurb');
  const mine = form.getValues();
  const errors = form.formState.errors;
  const submitting = form.formState.isSubmitting;
  return (
    <form
      className="manage__form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {conflict.view({
        differences: (theirs) =>
          diffVersions(
            comparableValues(formValuesOf(theirs), mine),
            comparableValues(mine, formValuesOf(theirs)),
          ),
        labelOf: (path) => productFieldLabels[path as keyof ProductFormValues] ?? path,
        busy: submitting,
        resubmit: () => void submit(),
        takeTheirs: showSaved,
      })}
      <ProductFieldInputs form={form} />
      <RichTextEditor
        id={`${idBase}-blurb`}
        label={productFieldLabels.blurb}
        help="Select words, then use the buttons above the text (or Ctrl+B, Ctrl+I, Ctrl+K for a link)."
        value={blurb}
        onChange={(html) => form.setValue('blurb', html, { shouldDirty: true })}
      />
      {errors.blurb?.message && (
        <p className="form-field__error" role="alert">
          {errors.blurb.message}
        </p>
      )}
      <ErrorSummary
        errors={errors}
        failure={failure}
        submitCount={form.formState.submitCount}
        submitting={submitting}
        onFocusField={(name) => {
          if (name === 'blurb') document.getElementById(`${idBase}-blurb`)?.focus();
          else form.setFocus(name as keyof ProductFormValues);
        }}
        labels={productFieldLabels}
      />
      {form.formState.isDirty && <p>You have unsaved changes.</p>}
      <p className="product-pictures__buttons">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : `Save ${product.title}`}
        </button>
        <button
          type="button"
          className="button"
          disabled={visibility.isPending}
          onClick={() => visibility.mutate()}
        >
          {product.hidden ? 'Show on the site' : 'Hide from the site'}
        </button>
      </p>
      {savedNote && <p>{savedNote}</p>}
      {visibility.error && <p role="alert">{visibility.error.message}</p>}
    </form>
  );
}

/** The add form: a new product starts hidden, without pictures; its editor opens next. */
function AddProduct({ onAdded }: { onAdded: (product: ManagedProduct) => void }) {
  const queries = useQueryClient();
  const empty: ProductFormValues = {
    title: '',
    price: '',
    category: '',
    blurb: '',
    saleMode: 'buy',
    stockMode: 'untracked',
    stockCount: '',
    leadTimeDays: '',
  };
  const form = useForm<ProductFormValues, unknown, ProductFields>({
    resolver: productResolver,
    mode: 'onSubmit',
    defaultValues: empty,
  });
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      const product = await addProduct(fields);
      await queries.invalidateQueries({ queryKey: productsQueryKey });
      form.reset(empty);
      leaveFreely();
      onAdded(product);
    },
    savedText: 'Added, hidden: add its pictures, then show it.',
    failedText: 'The product could not be added. Please try again.',
  });
  return (
    <details className="card add-product">
      <summary>Add a product</summary>
      <form
        className="manage__form"
        aria-label="Add a product"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <ProductFieldInputs form={form} />
        <ErrorSummary
          errors={form.formState.errors}
          failure={failure}
          submitCount={form.formState.submitCount}
          submitting={form.formState.isSubmitting}
          onFocusField={(name) => form.setFocus(name as keyof ProductFormValues)}
          labels={productFieldLabels}
        />
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            Add the product
          </button>
        </p>
      </form>
    </details>
  );
}

/** One product open for editing: its words and price, then its pictures. */
function ProductEditor({ product, idBase }: { product: ManagedProduct; idBase: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ownChanges = useRef<(changed: ManagedProduct) => void>(() => undefined);
  const onChanged = useCallback((changed: ManagedProduct) => ownChanges.current(changed), []);
  // The editor replaces the list: focus goes to its heading, so the move is heard.
  useEffect(() => heading.current?.focus(), []);
  const titleId = `${idBase}-h`;
  return (
    <article className="card managed-product" aria-labelledby={titleId}>
      <p>
        <Link to=".">← All products</Link>
      </p>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {product.title}
        {product.hidden && ' (hidden)'}
      </h2>
      <ProductForm product={product} idBase={idBase} titleId={titleId} ownChanges={ownChanges} />
      <ProductPictures product={product} onChanged={onChanged} />
    </article>
  );
}

/** The catalogue in the site's order: each product's cover, name, place and its Edit link. */
function ProductList({
  list,
  idBase,
  focusId,
}: {
  list: ManagedProduct[];
  idBase: string;
  /** The product whose editor was just left: its Edit link takes focus again. */
  focusId: number | undefined;
}) {
  const queries = useQueryClient();
  const { move, statusText, error } = useReorderList({
    list,
    idBase,
    nameOf: (product) => product.title,
    save: async (ids) => {
      await saveProductOrder(ids);
      await queries.invalidateQueries({ queryKey: productsQueryKey });
    },
    focusId,
  });
  return (
    <>
      <p role="status">{statusText}</p>
      {error && <p role="alert">{error.message}</p>}
      <ol className="manage__cards products-list">
        {list.map((product, index) => {
          const base = `${idBase}-${product.id}`;
          const cover = product.pictures[0];
          return (
            <li key={product.id} className="card managed-product">
              <div className="managed-product__head">
                {cover && <ResponsivePicture set={cover} alt="" sizes="6rem" />}
                <div>
                  <h2>
                    {product.title}
                    {product.hidden && ' (hidden)'}
                  </h2>
                </div>
              </div>
              <EditAndMoveButtons
                className="product-pictures__buttons"
                base={base}
                id={product.id}
                name={product.title}
                index={index}
                count={list.length}
                onMove={move}
              />
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * /manage/products: the catalogue in the site's order; `?edit=<id>` opens one product's editor
 * in its place, so only one rich-text editor is ever drawn (not one per product).
 */
export default function ProductsPage() {
  const idBase = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = Number(params.get('edit')) || undefined;
  // The product last edited: back on the list, its Edit link has the focus again.
  const [lastEdited, setLastEdited] = useState<number | undefined>();
  if (editing !== undefined && lastEdited !== editing) setLastEdited(editing);
  const products = useQuery({
    queryKey: productsQueryKey,
    queryFn: fetchManagedProducts,
    staleTime: 0,
  });
  const list = products.data ?? [];
  const open = editing === undefined ? undefined : list.find((p) => p.id === editing);
  return (
    <section className="manage__screen">
      <PageHeading title="Products">Products</PageHeading>
      {products.isPending && <ScreenSkeleton />}
      {products.isError && <p role="alert">The products could not be loaded. Please try again.</p>}
      {open ? (
        // Keyed: another product's editor starts from that product (and its own draft).
        <ProductEditor key={open.id} product={open} idBase={`${idBase}-${open.id}`} />
      ) : (
        <>
          {editing !== undefined && products.isSuccess && (
            <p role="alert">
              There is no product {editing} in your shop. <Link to=".">See all products</Link>
            </p>
          )}
          <AddProduct onAdded={(product) => void navigate(`?edit=${product.id}`)} />
          {products.data?.length === 0 && (
            <EmptyState title="No products yet">
              Open “Add a product” above to put the first one in your shop.
            </EmptyState>
          )}
          {list.length > 0 && <ProductList list={list} idBase={idBase} focusId={lastEdited} />}
        </>
      )}
    </section>
  );
}
