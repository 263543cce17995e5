import { AppError } from '../../errors';
import { isCleanText } from '../../http/input-rules';

export const crossSiteRefused = () =>
  new AppError(
    403,
    'CROSS_SITE_FORM',
    'This form was sent from another website, so we have not sent it. If you meant to write to us, fill it in here and send it again.',
  );

/** The values worth putting back in the form: its own fields, as text a person could have typed. */
export function keptValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  if (body === null || typeof body !== 'object') return kept;
  for (const field of fields) {
    const value = Object.hasOwn(body, field) ? (body as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string' && isCleanText(value)) kept[field] = value;
  }
  return kept;
}

/** The schema's first message for each field, as the island shows them (use-zod-form.ts). */
export function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !Object.hasOwn(messages, field)) messages[field] = issue.message;
  }
  return messages;
}
