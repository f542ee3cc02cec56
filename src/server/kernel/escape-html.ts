/** Text made safe inside HTML content and attribute values (pages and e-mails alike). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
