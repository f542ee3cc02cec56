import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { contactFormSchema, type ContactForm as ContactFields } from '@common/forms';
import { FormField, personFields, type FieldSpec } from '@/components/form-field';
import { HoneypotField } from './honeypot-field';
import { useSendEnquiry } from './use-send-enquiry';
import { PrivacyNote } from '@/components/privacy-link';
import { ConnectionProblem } from '@/components/connection-problem';
import './enquiry.css';

type ContactInput = z.input<typeof contactFormSchema>;

const fields: ReadonlyArray<FieldSpec<keyof ContactInput>> = [
  personFields.name,
  personFields.email,
  personFields.telephone,
  { name: 'message', label: 'Message', multiline: true },
];

/**
 * The contact form (name, email, telephone, message), on /contact and in the footer. Checked on
 * submit only, emptiness only, with the spec's messages, which stay until the next submit.
 */
export function ContactForm({
  heading,
  headingLevel = 2,
}: {
  heading?: string;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const { send, sending, honeypot, noAnswer } = useSendEnquiry('contact');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactFields>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', telephone: '', message: '' },
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const submit = handleSubmit((form) =>
    send({
      telephone: form.telephone,
      email: form.email,
      name: form.name,
      message: form.message,
    }),
  );

  return (
    <form
      className="enquiry-form contact-form"
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : 'Contact form'}
      onSubmit={submit}
      noValidate
    >
      {heading && <Heading id={headingId}>{heading}</Heading>}
      <p className="enquiry-form__hint">Fields marked * are required.</p>
      {fields.map(({ name, ...spec }) => (
        <FormField key={name} {...spec} registration={register(name)} error={errors[name]} />
      ))}
      <HoneypotField inputRef={honeypot} />
      <PrivacyNote purpose="to reply to your message" />
      {noAnswer && (
        <ConnectionProblem message={noAnswer} busy={sending} onRetry={() => void submit()} />
      )}
      <button type="submit" className="enquiry-form__submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
