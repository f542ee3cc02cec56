import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { travelEnquirySchema, type TravelEnquiry } from '@common/forms';
import { FormField, personFields, type FieldSpec } from '@/components/form-field';
import { HoneypotField } from './honeypot-field';
import { useSendEnquiry } from './use-send-enquiry';
import { PrivacyNote } from '@/components/privacy-link';
import { ConnectionProblem } from '@/components/connection-problem';
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

type TravelField = FieldSpec<keyof TravelInput>;

/** Every field of the spec's travel enquiry, grouped the way a traveller thinks about a trip. */
const fieldGroups: ReadonlyArray<{ legend: string; fields: readonly TravelField[] }> = [
  {
    legend: 'About you',
    fields: [personFields.name, personFields.telephone, personFields.email],
  },
  {
    legend: 'Your trip',
    fields: [
      {
        name: 'destination',
        label: 'Destination',
        hint: "A country, a resort, or just 'somewhere hot'.",
      },
      {
        name: 'stayDuration',
        label: 'How long would you like to stay?',
        hint: 'For example: 7 nights in late July.',
      },
      { name: 'budget', label: 'Budget' },
    ],
  },
  {
    legend: 'Who is travelling',
    fields: [
      { name: 'noOfAdults', label: 'Number of adults', inputMode: 'numeric' },
      { name: 'children', label: 'Number of children', inputMode: 'numeric' },
      {
        name: 'childrenAges',
        label: "Children's ages",
        hint: 'Ages on the day you come home, for example: 4 and 7.',
      },
    ],
  },
  {
    legend: 'Where you would stay',
    fields: [
      { name: 'board', label: 'Board', options: boardOptions },
      {
        name: 'roomType',
        label: 'Room type',
        hint: 'For example: family room, suite, sea view.',
      },
      {
        name: 'bedConfig',
        label: 'Bed configuration',
        hint: 'For example: one double and two singles.',
      },
      {
        name: 'area',
        label: 'Area',
        hint: 'For example: near the beach, close to the old town.',
      },
      { name: 'hotels', label: 'Hotels you like the look of', multiline: true },
    ],
  },
];
const otherField: TravelField = {
  name: 'other',
  label: 'Anything else we should know',
  multiline: true,
};

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
  const { send, sending, honeypot, noAnswer } = useSendEnquiry('travel');
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

  const renderField = ({ name, ...spec }: TravelField) => (
    <FormField key={name} {...spec} registration={register(name)} error={errors[name]} />
  );

  const submit = handleSubmit((enquiry) =>
    send({ ...enquiry, address: '', message: '', cart: '', cartPrice: '' }),
  );

  return (
    <form
      className="enquiry-form travel-form"
      aria-label="Travel enquiry"
      onSubmit={submit}
      noValidate
    >
      <p className="enquiry-form__hint">Fields marked * are required.</p>
      {fieldGroups.map((group) => (
        <fieldset key={group.legend}>
          <legend>{group.legend}</legend>
          {group.fields.map(renderField)}
        </fieldset>
      ))}
      {renderField(otherField)}
      <HoneypotField inputRef={honeypot} />
      <p className="enquiry-form__note">{responseTimeNote}</p>
      <PrivacyNote purpose="to plan and price your trip and reply to you" />
      {noAnswer && (
        <ConnectionProblem message={noAnswer} busy={sending} onRetry={() => void submit()} />
      )}
      <button type="submit" className="enquiry-form__submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send enquiry'}
      </button>
    </form>
  );
}
