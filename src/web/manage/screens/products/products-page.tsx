import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ManagedProduct } from '@common/manage-products';
import { productCategories } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { ResponsivePicture } from '@/components/responsive-picture';
import { useClient } from '@/lib/client-context';
import { EmptyState } from '@/manage/shared/empty-state';
import { RichTextEditor } from '@/manage/shared/rich-text-editor/lazy-rich-text-editor';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { ProductPictures } from './product-pictures';
import {
  addProduct,
  fetchManagedProducts,
  productsQueryKey,
  saveProduct,
  saveProductOrder,
  setHidden,
} from './products-api';
import './products.css';

/** Title, price and category fields, shared by the edit form and the add form. */
function ProductFields({
  idBase,
  title,
  price,
  category,
  onTitle,
  onPrice,
  onCategory,
}: {
  idBase: string;
  title: string;
  price: string;
  category: string;
  onTitle: (value: string) => void;
  onPrice: (value: string) => void;
  onCategory: (value: string) => void;
}) {
  const client = useClient();
  return (
    <>
      <p>
        <label htmlFor={`${idBase}-title`}>Title</label>
        <input
          id={`${idBase}-title`}
          value={title}
          required
          maxLength={120}
          onChange={(e) => onTitle(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={`${idBase}-price`}>
          Price ({client.pricesInPence ? 'in pence' : 'in whole pounds'})
        </label>
        <input
          id={`${idBase}-price`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={price}
          required
          onChange={(e) => onPrice(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={`${idBase}-category`}>Category</label>
        <select
          id={`${idBase}-category`}
          value={category}
          onChange={(e) => onCategory(e.target.value)}
        >
          {productCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </p>
    </>
  );
}

/** One product's edit form: words and price (version-checked), visibility, description. */
function ProductForm({ product, idBase }: { product: ManagedProduct; idBase: string }) {
  const queries = useQueryClient();
  const [title, setTitle] = useState(product.title);
  const [price, setPrice] = useState(String(product.price));
  const [category, setCategory] = useState(product.category);
  const [blurb, setBlurb] = useState(product.blurb);
  const [saved, setSaved] = useState('');
  useUnsavedChanges(
    title !== product.title ||
      price !== String(product.price) ||
      category !== product.category ||
      blurb !== product.blurb,
  );
  const refresh = () => queries.invalidateQueries({ queryKey: productsQueryKey });
  const save = useMutation({
    mutationFn: () =>
      saveProduct(product.id, {
        title,
        price: Number(price),
        category,
        blurb,
        version: product.version,
      }),
    onSuccess: async (stored) => {
      // The description as stored: what the server's sanitiser kept of it.
      setBlurb(stored.blurb);
      setSaved('Saved. The site shows the change now.');
      await refresh();
    },
  });
  const visibility = useMutation({
    mutationFn: () => setHidden(product.id, !product.hidden),
    onSuccess: refresh,
  });
  const error = save.error ?? visibility.error;
  return (
    <form
      className="manage__form"
      aria-labelledby={`${idBase}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        setSaved('');
        save.mutate();
      }}
    >
      <ProductFields
        idBase={idBase}
        title={title}
        price={price}
        category={category}
        onTitle={setTitle}
        onPrice={setPrice}
        onCategory={setCategory}
      />
      <RichTextEditor
        id={`${idBase}-blurb`}
        label="Description"
        help="Select words, then use the buttons above the text (or Ctrl+B, Ctrl+I, Ctrl+K for a link)."
        value={blurb}
        onChange={setBlurb}
      />
      <p className="product-pictures__buttons">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save {product.title}
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
      <p role="status">{saved}</p>
      {error && <p role="alert">{error.message}</p>}
    </form>
  );
}

/** The add form: a new product starts hidden, without pictures. */
function AddProduct() {
  const queries = useQueryClient();
  const idBase = useId();
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [category, setCategory] = useState<string>(productCategories[0]);
  const [added, setAdded] = useState('');
  useUnsavedChanges(title !== '' || price !== '');
  const add = useMutation({
    mutationFn: () => addProduct({ title, price: Number(price), category, blurb: '' }),
    onSuccess: async (product) => {
      setAdded(`${product.title} added, hidden. Add its pictures below, then show it.`);
      setTitle('');
      setPrice('');
      await queries.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
  return (
    <details className="card add-product">
      <summary>Add a product</summary>
      <form
        className="manage__form"
        aria-label="Add a product"
        onSubmit={(event) => {
          event.preventDefault();
          setAdded('');
          add.mutate();
        }}
      >
        <ProductFields
          idBase={idBase}
          title={title}
          price={price}
          category={category}
          onTitle={setTitle}
          onPrice={setPrice}
          onCategory={setCategory}
        />
        <p>
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            Add the product
          </button>
        </p>
        <p role="status">{added}</p>
        {add.error && <p role="alert">{add.error.message}</p>}
      </form>
    </details>
  );
}

/** /manage/products: the catalogue in the site's order, each product with its forms. */
export default function ProductsPage() {
  const queries = useQueryClient();
  const idBase = useId();
  const [orderStatus, setOrderStatus] = useState('');
  const products = useQuery({
    queryKey: productsQueryKey,
    queryFn: fetchManagedProducts,
    staleTime: 0,
  });
  const list = products.data ?? [];
  const reorder = useMutation({
    mutationFn: async (move: { index: number; step: -1 | 1; action: 'up' | 'down' }) => {
      const ids = list.map((p) => p.id);
      const [moved] = ids.splice(move.index, 1);
      if (moved === undefined) return;
      ids.splice(move.index + move.step, 0, moved);
      await saveProductOrder(ids);
      await queries.invalidateQueries({ queryKey: productsQueryKey });
      const title = list[move.index]?.title ?? '';
      setOrderStatus(`${title} is now number ${move.index + move.step + 1} of ${ids.length}.`);
      // The moved product's button keeps focus (its other one, at either end of the list).
      requestAnimationFrame(() => {
        const wanted = document.getElementById(`${idBase}-${moved}-${move.action}`);
        const other = document.getElementById(
          `${idBase}-${moved}-${move.action === 'up' ? 'down' : 'up'}`,
        );
        ((wanted as HTMLButtonElement | null)?.disabled ? other : wanted)?.focus();
      });
    },
  });
  // One move at a time; the buttons stay enabled so the one pressed keeps its focus.
  const move = (change: { index: number; step: -1 | 1; action: 'up' | 'down' }) => {
    if (!reorder.isPending) reorder.mutate(change);
  };
  return (
    <section className="manage__screen">
      <PageHeading title="Products">Products</PageHeading>
      <AddProduct />
      {products.isPending && <ScreenSkeleton />}
      {products.isError && <p role="alert">The products could not be loaded. Please try again.</p>}
      {products.data?.length === 0 && (
        <EmptyState title="No products yet">
          Open “Add a product” above to put the first one in your shop.
        </EmptyState>
      )}
      <p role="status">{reorder.isPending ? 'Saving the order…' : orderStatus}</p>
      {reorder.error && <p role="alert">{reorder.error.message}</p>}
      {list.length > 0 && (
        <ol className="manage__cards products-list">
          {list.map((product, index) => {
            const base = `${idBase}-${product.id}`;
            const cover = product.pictures[0];
            return (
              <li key={product.id} className="card managed-product">
                <div className="managed-product__head">
                  {cover && <ResponsivePicture set={cover} alt="" sizes="10rem" />}
                  <div>
                    <h2 id={`${base}-h`}>
                      {product.title}
                      {product.hidden && ' (hidden)'}
                    </h2>
                    <p className="product-pictures__buttons">
                      <button
                        id={`${base}-up`}
                        type="button"
                        className="button"
                        disabled={index === 0}
                        onClick={() => move({ index, step: -1, action: 'up' })}
                        // Starts with the visible words (WCAG 2.5.3), then says which product.
                        aria-label={`Move up, ${product.title}`}
                      >
                        Move up
                      </button>
                      <button
                        id={`${base}-down`}
                        type="button"
                        className="button"
                        disabled={index === list.length - 1}
                        onClick={() => move({ index, step: 1, action: 'down' })}
                        aria-label={`Move down, ${product.title}`}
                      >
                        Move down
                      </button>
                    </p>
                  </div>
                </div>
                {/* Closed by default: a phone scrolls a list of thirty, not thirty forms. */}
                <details className="managed-product__edit">
                  <summary>Edit {product.title}</summary>
                  <ProductForm product={product} idBase={base} />
                  <ProductPictures product={product} idBase={base} />
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
