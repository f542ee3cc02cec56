/** One message in the owner's view of the outbox (no bodies: subject, recipient and state). */
export interface OutboxEntry {
  id: number;
  status: 'pending' | 'sent' | 'failed';
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
