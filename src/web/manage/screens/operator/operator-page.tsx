import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { brandTheme, type BrandField } from '@common/brand-theme';
import {
  addBusinessFormSchema,
  addBusinessRequestOf,
  businessKinds,
  operatorSignInRequestSchema,
  type AddBusinessForm,
  type AddedBusiness,
  type OperatorBusiness,
} from '@common/operator';
import { FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { showToast, Toasts } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-kit';
import { withQueryClient } from '@/lib/query-provider';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  addBusiness,
  businessesQueryKey,
  fetchBusinesses,
  setBusinessActive,
  signInAsOperator,
  signOutOperator,
} from './operator-api';
import './operator.css';

/*
 * /operator: the host's screen (issue 38, docs/decisions/0080-the-operators-screen.md). Signs in
 * with OPERATOR_TOKEN, adds a business as `npm run client -- add` does (the same service on the
 * server), and lists the businesses with a switch each. Not a business owner's screen: it is
 * outside the back office's menu, and the server refuses an owner's session.
 */

type SignInValues = z.infer<typeof operatorSignInRequestSchema>;

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm<SignInValues>({
    resolver: zodResolver(operatorSignInRequestSchema),
    mode: 'onSubmit',
    defaultValues: { token: '' },
  });
  const { submit, failure } = useFormSubmit(form, {
    send: async ({ token }) => {
      await signInAsOperator(token);
      onSignedIn();
    },
    failedText: 'Not signed in. Please try again.',
  });
  return (
    <form
      className="operator__panel"
      aria-label="Operator sign-in"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2>Sign in</h2>
      <p>With the operator token: OPERATOR_TOKEN in the server’s configuration.</p>
      <FormField
        label="Operator token"
        type="password"
        required
        autoComplete="current-password"
        registration={form.register('token')}
        error={form.formState.errors.token}
      />
      <FormErrorSummary form={form} failure={failure} labels={{ token: 'Operator token' }} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

type Checked = z.output<typeof addBusinessFormSchema>;

const emptyBusiness: AddBusinessForm = {
  code: '',
  name: '',
  hostNames: '',
  kind: 'salon',
  colour: '',
  accent: '',
  font: '',
  ownerEmail: '',
};

const fieldLabels: Record<string, string> = {
  code: 'Code',
  name: 'Business name',
  hostNames: 'Host names',
  kind: 'Kind',
  colour: 'Brand colour',
  accent: 'Accent colour',
  font: 'Heading font',
  ownerEmail: 'First owner’s e-mail',
  email: 'Host names',
};

const kindLabels: Record<string, string> = {
  shop: 'Shop: products and a cart',
  salon: 'Salon: treatments and online booking',
  brochure: 'Brochure: pages and an enquiry form',
};

/** What the theme will do with the colours as typed: each field's contrast, said on the field. */
function contrastHints(values: { colour: string; accent: string; font: string; name: string }) {
  const theme = brandTheme({
    colour: values.colour.trim() || '#1f4e79',
    accent: values.accent.trim() || undefined,
    font: values.font.trim() || undefined,
    title: values.name || 'New business',
  });
  const hints: Partial<Record<BrandField, string>> = {};
  if (!theme.ok) return hints;
  for (const field of ['colour', 'accent'] as const) {
    const notes = theme.adjustments.filter((note) => note.field === field);
    if (notes.length > 0) hints[field] = `Contrast: ${notes.map((n) => n.message).join(' ')}`;
  }
  if (!hints.colour && values.colour.trim()) {
    hints.colour = `Contrast: reads at 4.5:1 or better; buttons ${theme.colours['--color-primary']} with ${theme.colours['--color-primary-contrast'] === '#ffffff' ? 'white' : 'dark'} text.`;
  }
  if (!hints.accent && values.accent.trim())
    hints.accent = 'Contrast: reads at 4.5:1 or better on the page.';
  return hints;
}

function AddBusinessPanel({
  onAdded,
  onSignInNeeded,
}: {
  onAdded: (added: AddedBusiness) => void;
  /** The operator's session lapsed while they typed: the sign-in shows above, this form stays. */
  onSignInNeeded: () => void;
}) {
  const form = useForm<AddBusinessForm, unknown, Checked>({
    resolver: zodResolver(addBusinessFormSchema),
    mode: 'onSubmit',
    defaultValues: emptyBusiness,
  });
  useUnsavedChanges(form.formState.isDirty);
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const [colour, accent, font, name] = form.watch(['colour', 'accent', 'font', 'name']);
  const hints = contrastHints({ colour, accent, font, name });
  const { submit, failure } = useFormSubmit(form, {
    send: async (values) => {
      onAdded(await addBusiness(addBusinessRequestOf(values)));
      form.reset(emptyBusiness);
    },
    failedText: 'The business was not added. Please try again: what you typed is kept.',
    // The server names the site's address field `email`; the form fills it from the host names.
    issueNames: { email: 'hostNames' },
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 401) onSignInNeeded();
      return false;
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      className="operator__panel"
      aria-label="Add a business"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2>Add a business</h2>
      <p>
        Makes its record from the template of its kind, its theme from the colours below (every text
        colour checked at 4.5:1), and an invitation for its first owner. Every server takes it in
        within seconds: nothing to restart.
      </p>
      <FormField
        label="Code"
        required
        hint="2 to 8 capital letters or digits, starting with a letter (e.g. NELL)."
        registration={form.register('code')}
        error={errors.code}
      />
      <FormField
        label="Business name"
        required
        registration={form.register('name')}
        error={errors.name}
      />
      <FormField
        label="Host names"
        required
        hint="Separated by spaces or commas, e.g. www.nellsnails.co.uk nellsnails.co.uk"
        registration={form.register('hostNames')}
        error={errors.hostNames}
      />
      <FormField
        label="Kind"
        required
        options={businessKinds}
        optionLabels={kindLabels}
        firstIsEmpty={false}
        registration={form.register('kind')}
        error={errors.kind}
      />
      <FormField
        label="Brand colour"
        placeholder="#1f4e79"
        hint={hints.colour ?? 'Buttons, the header and links, like #5b2a86.'}
        registration={form.register('colour')}
        error={errors.colour}
      />
      <FormField
        label="Accent colour"
        placeholder="the brand colour"
        hint={hints.accent ?? 'Rules, focus rings and highlights (optional).'}
        registration={form.register('accent')}
        error={errors.accent}
      />
      <FormField
        label="Heading font"
        placeholder="system font"
        hint="An installed font family, e.g. Georgia (optional)."
        registration={form.register('font')}
        error={errors.font}
      />
      <FormField
        label="First owner’s e-mail"
        type="email"
        hint="Gets a one-time link to choose a password (24 hours), shown here once."
        registration={form.register('ownerEmail')}
        error={errors.ownerEmail}
      />
      <FormErrorSummary form={form} failure={failure} labels={fieldLabels} />
      <button
        type="submit"
        className="button button--primary"
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Adding…' : 'Add the business'}
      </button>
    </form>
  );
}

function AddedNotice({ added }: { added: AddedBusiness }) {
  return (
    <section className="operator__panel operator__added" aria-labelledby="operator-added">
      <h2 id="operator-added" tabIndex={-1}>
        Added {added.code}: {added.title}
      </h2>
      <p>
        A {added.kind} on {added.hostNames.join(', ')}.
      </p>
      {added.adjustments.length > 0 && (
        <ul>
          {added.adjustments.map((note) => (
            <li key={note.message}>Contrast: {note.message}</li>
          ))}
        </ul>
      )}
      {added.invitation ? (
        <>
          <p>
            One-time link for {added.invitation.email} to choose a password (works once, for 24
            hours; it is not shown again):
          </p>
          <p className="operator__link">
            <a href={added.invitation.link}>{added.invitation.link}</a>
          </p>
        </>
      ) : (
        <p>No owner yet: invite one with npm run owner -- add {added.code} their@address.</p>
      )}
    </section>
  );
}

function BusinessList({ businesses }: { businesses: OperatorBusiness[] }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ code, active }: { code: string; active: boolean }) =>
      setBusinessActive(code, active),
    onSuccess: (list, { code, active }) => {
      queryClient.setQueryData(businessesQueryKey, list);
      showToast('saved', active ? `${code} serves again.` : `${code} is disabled.`);
    },
    onError: (error) =>
      showToast('failed', error instanceof ApiError ? error.message : 'Not changed.'),
  });
  return (
    <section aria-labelledby="operator-businesses">
      <h2 id="operator-businesses">Businesses</h2>
      <ul className="operator__list">
        {businesses.map((business) => (
          <li key={business.code} className="card">
            <h3>
              {business.code}: {business.title}
            </h3>
            <p>{business.hostNames.join(', ') || 'No host names'}</p>
            <p>
              {business.disabledAt
                ? `Disabled since ${business.disabledAt.slice(0, 10)}: its sites answer “not available”.`
                : 'Serving.'}{' '}
              {business.owners === 1 ? '1 owner account.' : `${business.owners} owner accounts.`}
            </p>
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              aria-label={`${business.disabledAt ? 'Enable' : 'Disable'} ${business.code}`}
              onClick={() => change.mutate({ code: business.code, active: !!business.disabledAt })}
            >
              {business.disabledAt ? 'Enable' : 'Disable'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OperatorPage() {
  const queryClient = useQueryClient();
  const businesses = useQuery({
    queryKey: businessesQueryKey,
    queryFn: fetchBusinesses,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  // Once signed in, the add form stays on the page through a lapsed session: the typing is kept.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  const [added, setAdded] = useState<AddedBusiness | undefined>();
  const error = businesses.error;
  const needsSignIn = error instanceof ApiError && error.status === 401;
  // Without OPERATOR_TOKEN the server has no operator API at all.
  const switchedOff = error instanceof ApiError && error.status === 404;
  const signedIn = businesses.isSuccess && !needsSignIn;
  if (signedIn && !wasSignedIn) setWasSignedIn(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: businessesQueryKey });

  return (
    <main className="page operator" id="operator-main">
      <h1>Operator</h1>
      <p>
        Add a business, and switch businesses off and on. For the host, not a business’s owners.
      </p>
      {needsSignIn && <SignInForm onSignedIn={() => void refresh()} />}
      {switchedOff && (
        <p role="alert">
          The operator screen is off on this server: set OPERATOR_TOKEN in its configuration
          (docs/operating.md, Adding a business).
        </p>
      )}
      {error && !needsSignIn && !switchedOff && (
        <p role="alert" className="operator__failure">
          {error instanceof ApiError ? error.message : 'The businesses could not be read.'}{' '}
          <button type="button" className="button" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      )}
      {businesses.isPending && <p>Loading the businesses…</p>}
      {added && <AddedNotice added={added} />}
      {(signedIn || wasSignedIn) && (
        <AddBusinessPanel
          onSignInNeeded={() => void refresh()}
          onAdded={(business) => {
            setAdded(business);
            showToast('saved', `Added ${business.code}.`);
            void refresh();
          }}
        />
      )}
      {signedIn && businesses.data && <BusinessList businesses={businesses.data} />}
      {signedIn && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void signOutOperator().then(() =>
                queryClient.resetQueries({ queryKey: businessesQueryKey }),
              )
            }
          >
            Sign out
          </button>
        </p>
      )}
      <Toasts />
    </main>
  );
}

export default withQueryClient(OperatorPage);
