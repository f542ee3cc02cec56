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
