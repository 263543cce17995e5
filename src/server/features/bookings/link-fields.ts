import { tokenPattern } from '../../../shared/bookings/link-pages';

/**
 * One value of a query or form body: a string, or nothing. A repeated query parameter never gets
 * here (input rules: 400), nor a repeated form field (the form body's parser: 400).
 */
export function field(source: unknown, name: string): string | undefined {
  if (source === null || typeof source !== 'object' || !Object.hasOwn(source, name)) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The token as the mails write it (a booking's links, a waiting family's claim link), or undefined
 * for anything else: checked before any look-up, in linear time.
 */
export const tokenOf = (source: unknown) => {
  const token = field(source, 'token');
  return token !== undefined && tokenPattern.test(token) ? token : undefined;
};
