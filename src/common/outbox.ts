import * as z from 'zod/mini';

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;

/** One message in the owner's view of the outbox (no bodies: subject, recipient and state). */
export const outboxEntrySchema = z.object({
  id: z.number(),
  status: z.enum(outboxStatuses),
  to: z.string(),
  subject: z.string(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.object({ messages: z.array(outboxEntrySchema) });
