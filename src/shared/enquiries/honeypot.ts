/**
 * The hidden field people never see and bots fill in. A filled one is accepted with a 201 and
 * silently dropped (docs/decisions/0054-enquiry-spam-and-mail.md), so a bot learns nothing from the answer.
 * Its own file, free of zod, so the forms' first load can name it without the schemas.
 */
export const honeypotField = 'website';

/** True when the hidden field that only bots fill in has a value: the enquiry forms' and the booking's. */
export const caughtByHoneypot = (body: unknown) => {
  const value = (body as Record<string, unknown> | null)?.[honeypotField];
  return value !== undefined && value !== null && value !== '';
};
