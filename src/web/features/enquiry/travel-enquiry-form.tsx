import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { travelEnquirySchema, type TravelEnquiry } from '../../../common/forms';
import { FormField, HoneypotField } from './form-field';
import { useSendEnquiry } from './use-send-enquiry';
import './enquiry.css';

type TravelInput = z.input<typeof travelEnquirySchema>;

export const responseTimeNote = 'Please allow up to 7 days for a response.';

const boardOptions = [
  'No preference',
  'Room only',
  'Bed and breakfast',
  'Half board',
  'Full board',
  'All inclusive',
] as const;

const emptyEnquiry: Required<TravelInput> = {
  name: '',
  telephone: '',
  email: '',
  destination: '',
  stayDuration: '',
  noOfAdults: '',
  children: '',
  childrenAges: '',
  board: '',
  roomType: '',
  bedConfig: '',
  area: '',
  hotels: '',
  budget: '',
  other: '',
};

/**
 * The travel enquiry (spec section 3): who, where, when and how. Checked like the contact form;
 * sent with the travel template, with the order-shaped fields (address, message, cart, cartPrice)
 * left empty as the spec's form does.
 */
export function TravelEnquiryForm() {
  const { send, sending, honeypot } = useSendEnquiry('travel');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TravelInput, unknown, TravelEnquiry>({
    resolver: zodResolver(travelEnquirySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: emptyEnquiry,
  });

  return (
    <form
      className="enquiry-form travel-form"
      aria-label="Travel enquiry"
      onSubmit={handleSubmit((enquiry) =>
        send({ ...enquiry, address: '', message: '', cart: '', cartPrice: '' }),
      )}
      noValidate
    >
      <p className="enquiry-form__hint">Fields marked * are required.</p>
      <fieldset>
        <legend>About you</legend>
        <FormField
          label="Name"
          required
          autoComplete="name"
          registration={register('name')}
          error={errors.name}
        />
        <FormField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          registration={register('telephone')}
          error={errors.telephone}
        />
        <FormField
          label="Email"
          type="email"
          required
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
      </fieldset>
      <fieldset>
        <legend>Your trip</legend>
        <FormField
          label="Destination"
          hint="A country, a resort, or just 'somewhere hot'."
          registration={register('destination')}
          error={errors.destination}
        />
        <FormField
          label="How long would you like to stay?"
          hint="For example: 7 nights in late July."
          registration={register('stayDuration')}
          error={errors.stayDuration}
        />
        <FormField label="Budget" registration={register('budget')} error={errors.budget} />
      </fieldset>
      <fieldset>
        <legend>Who is travelling</legend>
        <FormField
          label="Number of adults"
          inputMode="numeric"
          registration={register('noOfAdults')}
          error={errors.noOfAdults}
        />
        <FormField
          label="Number of children"
          inputMode="numeric"
          registration={register('children')}
          error={errors.children}
        />
        <FormField
          label="Children's ages"
          hint="Ages on the day you come home, for example: 4 and 7."
          registration={register('childrenAges')}
          error={errors.childrenAges}
        />
      </fieldset>
      <fieldset>
        <legend>Where you would stay</legend>
        <FormField
          label="Board"
          options={boardOptions}
          registration={register('board')}
          error={errors.board}
        />
        <FormField
          label="Room type"
          hint="For example: family room, suite, sea view."
          registration={register('roomType')}
          error={errors.roomType}
        />
        <FormField
          label="Bed configuration"
          hint="For example: one double and two singles."
          registration={register('bedConfig')}
          error={errors.bedConfig}
        />
        <FormField
          label="Area"
          hint="For example: near the beach, close to the old town."
          registration={register('area')}
          error={errors.area}
        />
        <FormField
          label="Hotels you like the look of"
          multiline
          registration={register('hotels')}
          error={errors.hotels}
        />
      </fieldset>
      <FormField
        label="Anything else we should know"
        multiline
        registration={register('other')}
        error={errors.other}
      />
      <HoneypotField inputRef={honeypot} />
      <p className="enquiry-form__note">{responseTimeNote}</p>
      <button type="submit" className="enquiry-form__submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send enquiry'}
      </button>
    </form>
  );
}
