/**
 * Who a client's e-mails come from (issue 17): the client's own name from its record, at the one
 * address the server may send from (MAIL_FROM), so receiving systems accept the mail (SPF/DKIM
 * are set up for that address) while the customer sees the business's name. Replies go to the
 * business through Reply-To.
 */

/** The bare address of MAIL_FROM, whether it is "Name <a@b>" or "a@b". */
export function senderAddress(mailFrom: string): string {
  const match = /<([^>]+)>\s*$/.exec(mailFrom);
  return (match ? match[1]! : mailFrom).trim();
}

/** "Client Title" <address>: the name quoted, with the characters a quoted name cannot hold dropped. */
export function clientSender(clientTitle: string, mailFrom: string): string {
  const name = clientTitle.replace(/["\\\r\n<>]/g, '').trim();
  const address = senderAddress(mailFrom);
  return name ? `"${name}" <${address}>` : address;
}
