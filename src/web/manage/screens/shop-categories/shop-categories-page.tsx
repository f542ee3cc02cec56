import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  newShopCategorySchema,
  shopCategoryEditSchema,
  type NewShopCategory,
  type ShopCategory,
  type ShopCategoryEdit,
} from '@common/shop-categories';
import { ErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { EditAndMoveButtons, useReorderList } from '@/manage/shared/reorder-list';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  addShopCategory,
  fetchShopCategories,
  saveShopCategory,
  saveShopCategoryOrder,
  shopCategoriesQueryKey,
} from './shop-categories-api';

const labels = { name: 'Name', hidden: 'Hidden from the site', version: 'Version' };

/** A category in the list: its place (1-based) stands for it in the reorder buttons' ids. */
type Placed = ShopCategory & { id: number };

/** Adds a category after the others, shown. */
function AddCategory() {
  const queries = useQueryClient();
  const form = useForm<NewShopCategory>({
    resolver: zodResolver(newShopCategorySchema),
    defaultValues: { name: '' },
  });
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (add) => {
      queries.setQueryData(shopCategoriesQueryKey, await addShopCategory(add));
      form.reset({ name: '' });
      leaveFreely();
    },
    savedText: 'Category added. Choose it on a product to fill it.',
    failedText: 'The category could not be added. Please try again.',
  });
  return (
    <details className="card">
      <summary>Add a category</summary>
      <form
        className="manage__form"
        aria-label="Add a category"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <FormField
          label={labels.name}
          required
          registration={form.register('name')}
          error={form.formState.errors.name}
        />
        <ErrorSummary
          errors={form.formState.errors}
          failure={failure}
          submitCount={form.formState.submitCount}
          submitting={form.formState.isSubmitting}
          onFocusField={(name) => form.setFocus(name as keyof NewShopCategory)}
          labels={labels}
        />
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            Add the category
          </button>
        </p>
      </form>
    </details>
  );
}

/** Renames or hides one category, with the version it began from (409: someone saved first). */
function CategoryEditor({ category }: { category: ShopCategory }) {
  const queries = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => heading.current?.focus(), []);
  const form = useForm<ShopCategoryEdit>({
    resolver: zodResolver(shopCategoryEditSchema),
    defaultValues: { name: category.name, hidden: category.hidden, version: category.version },
  });
  useUnsavedChanges(form.formState.isDirty);
  const [conflict, setConflict] = useState(false);
  const { submit, failure } = useFormSubmit(form, {
    send: async (edit) => {
      const list = await saveShopCategory(category.slug, { ...edit, version: category.version });
      queries.setQueryData(shopCategoriesQueryKey, list);
      const saved = list.find((c) => c.slug === category.slug);
      if (saved) form.reset({ name: saved.name, hidden: saved.hidden, version: saved.version });
    },
    savedText: 'Saved. The site’s menu follows.',
    failedText: 'The category could not be saved. Please try again.',
    onFailure: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) return false;
      setConflict(true);
      return true;
    },
  });
  return (
    <article className="card" aria-labelledby={titleId}>
      <p>
        <Link to=".">← All categories</Link>
      </p>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {category.name}
      </h2>
      {conflict && (
        <p role="alert">
          Someone else changed this category while you were editing it. What you typed is kept:{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              setConflict(false);
              void queries.invalidateQueries({ queryKey: shopCategoriesQueryKey });
            }}
          >
            Load their change
          </button>
        </p>
      )}
      <form className="manage__form" noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          label={labels.name}
          required
          registration={form.register('name')}
          error={form.formState.errors.name}
        />
        <p>
          <label>
            <input type="checkbox" {...form.register('hidden')} /> {labels.hidden} (its menu entry
            goes; its products stay on sale)
          </label>
        </p>
        <ErrorSummary
          errors={form.formState.errors}
          failure={failure}
          submitCount={form.formState.submitCount}
          submitting={form.formState.isSubmitting}
          onFocusField={(name) => form.setFocus(name as keyof ShopCategoryEdit)}
          labels={labels}
        />
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            Save
          </button>
        </p>
      </form>
    </article>
  );
}

/**
 * /manage/shop-categories: the owner's own product categories (issue 35) in the site's order;
 * add, rename, hide, Move up / Move down. `?edit=<place>` opens one for renaming.
 */
export default function ShopCategoriesPage() {
  const idBase = useId();
  const queries = useQueryClient();
  const [params] = useSearchParams();
  const editing = Number(params.get('edit')) || undefined;
  const categories = useQuery({
    queryKey: shopCategoriesQueryKey,
    queryFn: fetchShopCategories,
    staleTime: 0,
  });
  const list: Placed[] = (categories.data ?? []).map((c, index) => ({ ...c, id: index + 1 }));
  const { move, statusText, error } = useReorderList({
    list,
    idBase,
    nameOf: (category) => category.name,
    save: async (ids) => {
      const slugs = ids.map((id) => list[id - 1]!.slug);
      queries.setQueryData(shopCategoriesQueryKey, await saveShopCategoryOrder(slugs));
    },
    focusId: undefined,
  });
  const open = editing === undefined ? undefined : list[editing - 1];
  return (
    <section className="manage__screen">
      <PageHeading title="Shop categories">Shop categories</PageHeading>
      {categories.isPending && <ScreenSkeleton />}
      {categories.isError && (
        <p role="alert">The categories could not be loaded. Please try again.</p>
      )}
      {open ? (
        <CategoryEditor key={open.slug} category={open} />
      ) : (
        <>
          <AddCategory />
          <p role="status">{statusText}</p>
          {error && <p role="alert">{error.message}</p>}
          <ol className="manage__cards">
            {list.map((category, index) => (
              <li key={category.slug} className="card">
                <h2>
                  {category.name}
                  {category.hidden && ' (hidden)'}
                </h2>
                <p>
                  {category.productCount === 1 ? '1 product' : `${category.productCount} products`}
                </p>
                <EditAndMoveButtons
                  className="product-pictures__buttons"
                  base={`${idBase}-${category.id}`}
                  id={category.id}
                  name={category.name}
                  index={index}
                  count={list.length}
                  onMove={move}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
