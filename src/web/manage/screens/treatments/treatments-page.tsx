import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ManageMenu, ManageTreatment } from '@common/diary';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { changeMenu, fetchMenu, menuQueryKey } from './treatments-api';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** The ids of a list with the item at `index` moved one place up (-1) or down (+1). */
function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

function useMenuChange() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (change: { method: 'POST' | 'PUT'; path: string; body: unknown }) =>
      changeMenu(change.method, change.path, change.body),
    onSuccess: (menu) => queries.setQueryData(menuQueryKey, menu),
  });
}

function TreatmentForm({
  categoryId,
  treatment,
  onDone,
}: {
  categoryId: number;
  treatment?: ManageTreatment;
  onDone: () => void;
}) {
  const change = useMenuChange();
  const [name, setName] = useState(treatment?.name ?? '');
  const [description, setDescription] = useState(treatment?.description ?? '');
  const [price, setPrice] = useState(treatment ? String(treatment.price) : '');
  const [duration, setDuration] = useState(treatment ? String(treatment.duration) : '');
  const ids = { name: useId(), description: useId(), price: useId(), duration: useId() };
  return (
    <form
      className="manage__form"
      onSubmit={(event) => {
        event.preventDefault();
        const body = {
          name,
          description,
          price: Number(price),
          duration: Number(duration),
          categoryId,
        };
        change.mutate(
          treatment
            ? { method: 'PUT', path: `treatments/${treatment.id}`, body }
            : { method: 'POST', path: 'treatments', body },
          { onSuccess: onDone },
        );
      }}
    >
      <p>
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          rows={3}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={ids.price}>Price (£)</label>
        <input
          id={ids.price}
          required
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={ids.duration}>Duration (minutes)</label>
        <input
          id={ids.duration}
          required
          type="number"
          inputMode="numeric"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
      </p>
      {change.isError && (
        <p role="alert">
          {change.error instanceof ApiError
            ? change.error.message
            : 'The treatment could not be saved. Please try again.'}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {treatment ? 'Save the treatment' : 'Add the treatment'}
      </button>{' '}
      <button type="button" className="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

function MenuEditor({ menu }: { menu: ManageMenu }) {
  const change = useMenuChange();
  const [editing, setEditing] = useState<string | null>(null);
  const [categoryName, setCategoryName] = useState('');
  const categoryId = useId();
  const categories = [...menu.categories].sort((a, b) => a.position - b.position);
  const categoryIds = categories.map((c) => c.id);
  return (
    <>
      {change.isError && (
        <p role="alert">
          {change.error instanceof ApiError
            ? change.error.message
            : 'The change could not be saved. Please try again.'}
        </p>
      )}
      {categories.map((category, ci) => {
        const treatments = menu.treatments
          .filter((t) => t.categoryId === category.id)
          .sort((a, b) => a.position - b.position);
        const treatmentIds = treatments.map((t) => t.id);
        return (
          <section key={category.id} className="card" aria-label={category.name}>
            <h2>
              {category.name}
              {!category.active && ' (not offered)'}
            </h2>
            <p>
              <button
                type="button"
                className="button"
                disabled={ci === 0}
                aria-label={`Move ${category.name} up`}
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: 'categories/order',
                    body: { ids: moved(categoryIds, ci, -1) },
                  })
                }
              >
                Up
              </button>{' '}
              <button
                type="button"
                className="button"
                disabled={ci === categories.length - 1}
                aria-label={`Move ${category.name} down`}
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: 'categories/order',
                    body: { ids: moved(categoryIds, ci, 1) },
                  })
                }
              >
                Down
              </button>{' '}
              <button
                type="button"
                className="button"
                onClick={() =>
                  change.mutate({
                    method: 'PUT',
                    path: `categories/${category.id}/active`,
                    body: { active: !category.active },
                  })
                }
              >
                {category.active
                  ? `Stop offering ${category.name}`
                  : `Offer ${category.name} again`}
              </button>
            </p>
            <ol className="manage__treatments">
              {treatments.map((t, ti) => (
                <li key={t.id}>
                  {editing === `t${t.id}` ? (
                    <TreatmentForm
                      categoryId={category.id}
                      treatment={t}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <>
                      <span className="manage__treatment-name">
                        <strong>{t.name}</strong> · {pounds.format(t.price)} · {t.duration} min
                        {!t.active && ' · not offered'}
                      </span>{' '}
                      <button
                        type="button"
                        className="button"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => setEditing(`t${t.id}`)}
                      >
                        Edit
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        disabled={ti === 0}
                        aria-label={`Move ${t.name} up`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `categories/${category.id}/treatments/order`,
                            body: { ids: moved(treatmentIds, ti, -1) },
                          })
                        }
                      >
                        Up
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        disabled={ti === treatments.length - 1}
                        aria-label={`Move ${t.name} down`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `categories/${category.id}/treatments/order`,
                            body: { ids: moved(treatmentIds, ti, 1) },
                          })
                        }
                      >
                        Down
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        aria-label={t.active ? `Stop offering ${t.name}` : `Offer ${t.name} again`}
                        onClick={() =>
                          change.mutate({
                            method: 'PUT',
                            path: `treatments/${t.id}/active`,
                            body: { active: !t.active },
                          })
                        }
                      >
                        {t.active ? 'Deactivate' : 'Reactivate'}
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ol>
            {editing === `new${category.id}` ? (
              <TreatmentForm categoryId={category.id} onDone={() => setEditing(null)} />
            ) : (
              <button
                type="button"
                className="button"
                onClick={() => setEditing(`new${category.id}`)}
              >
                Add a treatment to {category.name}
              </button>
            )}
          </section>
        );
      })}
      <form
        className="manage__form"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { method: 'POST', path: 'categories', body: { name: categoryName } },
            { onSuccess: () => setCategoryName('') },
          );
        }}
      >
        <h2>Add a category</h2>
        <p>
          <label htmlFor={categoryId}>Category name</label>
          <input
            id={categoryId}
            required
            maxLength={100}
            value={categoryName}
            onChange={(e) => setCategoryName(e.target.value)}
          />
        </p>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Add the category
        </button>
      </form>
    </>
  );
}

/** /manage/treatments: categories and treatments, added, edited, reordered, (de)activated. */
export default function TreatmentsPage() {
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Treatments">Treatments</PageHeading>
      {menu.isPending && <ScreenSkeleton />}
      {menu.isError && <p role="alert">The treatments could not be loaded. Please try again.</p>}
      {menu.data && <MenuEditor menu={menu.data} />}
    </section>
  );
}
