import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { honeypotFieldName } from '@common/forms';
import { routeTable } from '@common/routes';
import { isNoAnswer } from '@/lib/api-errors';
import { useClient } from '@/lib/client-context';
import { newIdempotencyKey, sendEmail } from '@/lib/email-client';
import { useFormSession } from '@/lib/form-session';

/**
 * Kept outside the form so that a remount between two clicks (a provider arriving late above the
 * screen) cannot mint a second key or lose the in-flight guard. A key is reused only for the same
 * template and the same values, so a changed message is never mistaken for a replay; it is kept
 * after a send too, so the same message again is accepted once: a retry, or a double click's second
 * click whose form check was still running when the first had been sent (it then passes the
 * in-flight guard, which the first has let go).
 */
const inFlight = new Set<string>();
const keysByTemplate = new Map<string, { key: string; values: string }>();

function idempotencyKeyFor(template: string, values: string): string {
  const known = keysByTemplate.get(template);
  if (known && known.values === values) return known.key;
  const key = newIdempotencyKey();
  keysByTemplate.set(template, { key, values });
  return key;
}

/**
 * Sends one enquiry through the client's e-mail service (spec 7.5) and goes to the success or
 * failure screen; when no answer comes (connection lost, or none in time) the form stays with
 * what was typed and `noAnswer` says why, for a Try again (issue 29). The idempotency key is kept
 * for the same message, so a double click or a retry is accepted once; a second click while
 * sending does nothing.
 */
export function useSendEnquiry(template: 'contact' | 'travel') {
  const client = useClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [noAnswer, setNoAnswer] = useState('');
  const honeypot = useRef<HTMLInputElement>(null);
  useFormSession();

  async function send(templateParams: Record<string, string>): Promise<void> {
    // A second click arrives before React re-renders the disabled button; this stops it at once.
    if (inFlight.has(template)) return;
    inFlight.add(template);
    setSending(true);
    setNoAnswer('');
    const trap = honeypot.current?.value ?? '';
    const params = trap ? { ...templateParams, [honeypotFieldName]: trap } : templateParams;
    const idempotencyKey = idempotencyKeyFor(template, JSON.stringify(params));
    try {
      const result = await sendEmail({
        baseUrl: client.emailService.baseUrl,
        userId: client.emailService.userId,
        serviceId: client.emailService.serviceId,
        templateId: client.emailService.templates[template],
        templateParams: params,
        idempotencyKey,
      });
      if (result.ok) {
        void navigate(routeTable.success);
      } else {
        void navigate(routeTable.failure);
      }
    } catch (error) {
      if (isNoAnswer(error)) {
        setNoAnswer(error.message);
        return;
      }
      console.warn('Enquiry not sent', error);
      void navigate(routeTable.failure);
    } finally {
      inFlight.delete(template);
      setSending(false);
    }
  }

  return { send, sending, honeypot, noAnswer };
}
