import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  bookingCustomerFormSchema,
  consentWording,
  type BookingCustomerForm,
} from '@common/booking';
import { ConnectionProblem } from '@/components/connection-problem';
import { FormField } from '@/components/form-field';
import { PrivacyNoticeLink } from '@/components/privacy-link';
import { useFormSession } from '@/lib/form-session';
import type { Treatment } from '@common/booking';
import { DepositNotice } from './deposit-notice';

interface CustomerFormProps {
  pending: boolean;
  failure: string;
  /** What the visitor typed before (Back, or a refused booking): the form starts with it. */
  initial: BookingCustomerForm | undefined;
  /** The message when the last Book got no answer; the form then offers Try again. */
  noAnswer: string;
  /** Leaves with what is typed so far, so coming back finds it. */
  onBack: (typed: BookingCustomerForm) => void;
  onBook: (customer: BookingCustomerForm) => void;
  /**
   * Issue 36: the treatments chosen, for the deposit and policy shown before Book: as each
   * therapist who could do them prices them (one way for a chosen therapist).
   */
  pricings?: readonly (readonly Treatment[])[];
}

const emptyForm: BookingCustomerForm = {
  name: '',
  email: '',
  telephone: '',
  doorNo: '',
  postCode: '',
  gdprConsent: false,
  marketing: false,
};

/** Stage 2: who the booking is for (spec section 5's rules, the shared schema's messages). */
export function CustomerForm({
  pending,
  failure,
  initial,
  noAnswer,
  onBack,
  onBook,
  pricings = [],
}: CustomerFormProps) {
  useFormSession();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<BookingCustomerForm>({
    resolver: zodResolver(bookingCustomerFormSchema),
    mode: 'onTouched',
    defaultValues: initial ?? emptyForm,
  });

  return (
    <form className="booking-form" noValidate onSubmit={handleSubmit(onBook)}>
      <FormField
        label="Name"
        autoComplete="name"
        registration={register('name')}
        error={errors.name}
      />
      <FormField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        // Live validation (spec section 5): checked as the visitor types.
        registration={register('email', { onChange: () => void trigger('email') })}
        error={errors.email}
      />
      <FormField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="10 or 11 characters, for example 07700900123"
        registration={register('telephone')}
        error={errors.telephone}
      />
      <FormField
        label="Door number / address line 1"
        autoComplete="address-line1"
        registration={register('doorNo')}
        error={errors.doorNo}
      />
      <FormField
        label="Postcode"
        autoComplete="postal-code"
        registration={register('postCode')}
        error={errors.postCode}
      />

      <div className="booking-check">
        <input
          id="booking-consent"
          type="checkbox"
          aria-invalid={errors.gdprConsent ? true : undefined}
          aria-describedby={errors.gdprConsent ? 'booking-consent-error' : undefined}
          // Validated as soon as it changes, and again on submit (spec section 5).
          {...register('gdprConsent', { onChange: () => void trigger('gdprConsent') })}
        />
        <label htmlFor="booking-consent">
          {consentWording.replace(/privacy notice\.$/, '')}
          <PrivacyNoticeLink />.
        </label>
      </div>
      {errors.gdprConsent?.message && (
        <p id="booking-consent-error" className="booking-error" role="alert">
          {errors.gdprConsent.message}
        </p>
      )}

      <div className="booking-check">
        <input id="booking-marketing" type="checkbox" {...register('marketing')} />
        <label htmlFor="booking-marketing">Send me occasional news and offers (optional)</label>
      </div>

      {failure && (
        <p className="booking-error" role="alert">
          {failure}
        </p>
      )}
      {noAnswer && (
        <ConnectionProblem
          message={noAnswer}
          busy={pending}
          onRetry={() => void handleSubmit(onBook)()}
        />
      )}

      <DepositNotice pricings={pricings} />
      <div className="booking-actions">
        <button
          type="button"
          className="booking-button booking-button--secondary"
          onClick={() => onBack(getValues())}
        >
          Back
        </button>
        <button type="submit" className="booking-button" disabled={pending} aria-disabled={pending}>
          {pending ? 'Booking…' : 'Book'}
        </button>
      </div>
    </form>
  );
}
