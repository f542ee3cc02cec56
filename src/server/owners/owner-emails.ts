import type { ClientConfig } from '../../common/client-config.js';
import { escapeHtml } from '../kernel/escape-html.js';
import type { OutgoingMessage } from '../mail/outbox-store.js';

export const resetTemplateId = 'owner-password-reset';

/** The e-mail with a link to choose a new password; the link is the only secret in it. */
export function renderResetEmail(
  client: ClientConfig,
  to: string,
  link: string,
  mailFrom: string,
): OutgoingMessage {
  const intro = `Someone (we hope you) asked to choose a new password for the ${client.title} back office.`;
  const action = 'Open this link within one hour to choose it:';
  const ignore =
    'If it was not you, ignore this e-mail: your password stays as it is. The link works once.';
  return {
    clientCode: client.name,
    templateId: resetTemplateId,
    from: mailFrom,
    to,
    subject: `Choose a new password for ${client.title}`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
    text: [intro, '', action, link, '', ignore].join('\n'),
  };
}

export const signInSlowedTemplateId = 'owner-sign-in-slowed';

/**
 * Sent once when the account-wide sign-in delay starts (sign-in-throttle.ts): the owner learns
 * that someone is guessing, and that their own devices and a reset still let them in.
 */
export function renderSignInSlowedEmail(
  client: ClientConfig,
  to: string,
  facts: { failures: number; resetLink: string },
  mailFrom: string,
): OutgoingMessage {
  const what = `There have been ${facts.failures} failed attempts to sign in to your ${client.title} back office account, so sign-ins from devices you have not used before now wait a little longer after each failure.`;
  const you =
    'You can still sign in at once from a phone or computer where you have signed in before.';
  const reset = 'If it was not you, your password has not been changed; to choose a new one:';
  return {
    clientCode: client.name,
    templateId: signInSlowedTemplateId,
    from: mailFrom,
    to,
    subject: `Failed sign-ins to ${client.title}`,
    html: [
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(you)}</p>`,
      `<p>${escapeHtml(reset)}<br><a href="${escapeHtml(facts.resetLink)}">${escapeHtml(facts.resetLink)}</a></p>`,
    ].join('\n'),
    text: [what, '', you, '', reset, facts.resetLink].join('\n'),
  };
}
