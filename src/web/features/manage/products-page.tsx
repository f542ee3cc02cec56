import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ManagedProduct } from '@common/manage-products';
import { productCategories } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { screenLoading } from '@/components/screen-loading';
import { useClient } from '@/lib/client-context';
import {
  fetchManagedProducts,
  productsQueryKey,
  saveProduct,
  setHidden,
  uploadPicture,
} from './products-api';

/** One product's edit form: words and price (version-checked), visibility, a cover picture. */
function ProductForm({ product }: { product: ManagedProduct }) {
  const client = useClient();
  const queries = useQueryClient();
  const [title, setTitle] = useState(product.title);
  const [price, setPrice] = useState(String(product.price));
  const [category, setCategory] = useState(product.category);
  const [blurb, setBlurb] = useState(product.blurb);
  const [saved, setSaved] = useState('');
  const id = useId();
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
    onSuccess: async () => {
      setSaved('Saved. The site shows the change now.');
      await refresh();
    },
  });
  const visibility = useMutation({
    mutationFn: () => setHidden(product.id, !product.hidden),
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadPicture(product.id, file),
    onSuccess: async () => {
      setSaved('Picture uploaded.');
      await refresh();
    },
  });
  const error = save.error ?? visibility.error ?? upload.error;
  return (
    <li className="card">
      <h2 id={`${id}-h`}>
        {product.title}
        {product.hidden && ' (hidden)'}
      </h2>
      <img src={product.picture} alt="" width={160} height={120} loading="lazy" />
      <form
        className="manage__form"
        aria-labelledby={`${id}-h`}
        onSubmit={(event) => {
          event.preventDefault();
          setSaved('');
          save.mutate();
        }}
      >
        <p>
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            required
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
          />
        </p>
        <p>
          <label htmlFor={`${id}-price`}>
            Price ({client.pricesInPence ? 'in pence' : 'in whole pounds'})
          </label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={price}
            required
            onChange={(e) => setPrice(e.target.value)}
          />
        </p>
        <p>
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {productCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor={`${id}-blurb`}>Description (simple HTML: paragraphs, bold, lists)</label>
          <textarea
            id={`${id}-blurb`}
            rows={4}
            value={blurb}
            onChange={(e) => setBlurb(e.target.value)}
          />
        </p>
        <p>
          <button type="submit" className="button" disabled={save.isPending}>
            Save {product.title}
          </button>{' '}
          <button
            type="button"
            className="button"
            disabled={visibility.isPending}
            onClick={() => visibility.mutate()}
          >
            {product.hidden ? 'Show on the site' : 'Hide from the site'}
          </button>
        </p>
        <p>
          <label htmlFor={`${id}-picture`}>New cover picture (JPEG, PNG, WebP or AVIF)</label>
          <input
            id={`${id}-picture`}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setSaved('');
              if (file) upload.mutate(file);
            }}
          />
        </p>
        <p role="status">{upload.isPending ? 'Uploading…' : saved}</p>
        {error && <p role="alert">{error.message}</p>}
      </form>
    </li>
  );
}

/** /manage/products: the catalogue, each product with its edit form. */
export default function ProductsPage() {
  const products = useQuery({
    queryKey: productsQueryKey,
    queryFn: fetchManagedProducts,
    staleTime: 0,
  });
  return (
    <section className="manage__screen">
      <PageHeading title="Products">Products</PageHeading>
      {products.isPending && screenLoading}
      {products.isError && <p role="alert">The products could not be loaded. Please try again.</p>}
      {products.data?.length === 0 && <p>No products yet.</p>}
      {products.data && products.data.length > 0 && (
        <ul className="manage__cards">
          {products.data.map((product) => (
            <ProductForm key={product.id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}
