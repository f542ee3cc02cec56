import type { ClientConfig } from '../../common/client-config.js';
import type { OwnerRole } from '../../common/owners.js';
import { escapeHtml } from '../kernel/escape-html.js';
import type { OutgoingMessage } from '../mail/outbox-store.js';

export const invitationTemplateId = 'owner-team-invitation';

/** How long an invitation's link works (the account waits, disabled or not, without it). */
export const invitationValidDays = 7;

/**
 * The invitation to a business's back office: who invited them, what they will be able to do, and
 * the one-time link to choose a password (the link is the only secret in it).
 */
export function renderInvitationEmail(
  client: ClientConfig,
  to: string,
  facts: { role: OwnerRole; invitedBy: string; link: string },
  mailFrom: string,
): OutgoingMessage {
  const intro = `${facts.invitedBy} has invited you to the ${client.title} back office.`;
  const what =
    facts.role === 'owner'
      ? 'As an owner you can run everything there: the diary, prices, hours, the site and the team.'
      : 'As staff you can use the diary there: see, add and change bookings.';
  const action = `Open this link within ${invitationValidDays} days to choose your password and sign in:`;
  const ignore =
    'If you were not expecting this, ignore this e-mail: nothing happens without the link, and it works once.';
  return {
    clientCode: client.name,
    templateId: invitationTemplateId,
    from: mailFrom,
    to,
    subject: `You are invited to the ${client.title} back office`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(action)}<br><a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
    text: [intro, '', what, '', action, facts.link, '', ignore].join('\n'),
  };
}
