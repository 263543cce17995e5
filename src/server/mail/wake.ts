/** Sent by a cluster worker when it queued staff mail, so the primary's outbox worker sends it at once. */
export const mailWakeMessage = { type: 'mail-wake' } as const;

export const isMailWake = (message: unknown) =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === mailWakeMessage.type;
