import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { routeTable } from '../../../common/routes';
import { useClient } from '../../app/client-context';
import { newIdempotencyKey, sendEmail } from '../../lib/email-client';
import { honeypotField } from './honeypot-field';

/**
 * Sends one enquiry through the client's e-mail service (spec 7.5) and goes to the success or
 * failure screen. The idempotency key is kept until a send succeeds, so a double click or a retry
 * after a failure is accepted once; a second click while sending does nothing.
 */
export function useSendEnquiry(template: 'contact' | 'travel') {
  const client = useClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  async function send(templateParams: Record<string, string>): Promise<void> {
    // A second click arrives before React re-renders the disabled button; this stops it at once.
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    idempotencyKey.current ??= newIdempotencyKey();
    const trap = honeypot.current?.value ?? '';
    try {
      const result = await sendEmail({
        baseUrl: client.emailService.baseUrl,
        userId: client.emailService.userId,
        serviceId: client.emailService.serviceId,
        templateId: client.emailService.templates[template],
        templateParams: trap ? { ...templateParams, [honeypotField]: trap } : templateParams,
        idempotencyKey: idempotencyKey.current,
      });
      if (result.ok) {
        idempotencyKey.current = null;
        void navigate(routeTable.success);
      } else {
        void navigate(routeTable.failure);
      }
    } catch (error) {
      console.warn('Enquiry not sent', error);
      void navigate(routeTable.failure);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }

  return { send, sending, honeypot };
}
