import type { EmailPreview } from '@common/diary';

/** Exactly what the customer will receive (the server renders it with the real template). */
export function EmailPreviewBox({ preview, label }: { preview: EmailPreview; label: string }) {
  if (preview.to === '') {
    return (
      <p role="status">
        This customer has no e-mail address, so nothing will be sent. Please tell them yourself.
      </p>
    );
  }
  return (
    <section className="email-preview" aria-label={label} role="region">
      <p>
        <strong>To:</strong> {preview.to}
        <br />
        <strong>Subject:</strong> {preview.subject}
      </p>
      <pre>{preview.text}</pre>
    </section>
  );
}
