import type { preHandlerAsyncHookHandler } from 'fastify';
import { tokenPattern } from '../../../shared/bookings/link-pages';
import type { OfferedDay, OfferedTime } from '../../../shared/bookings/slots';

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

/**
 * What a choosing post (the change page's, the waiting list's claim page's) asked to open: the day
 * it named if offered, else the picked time's day; and the picked time (`at`) if still offered.
 */
export function pickedAmong(days: readonly OfferedDay[], body: unknown): { day?: string; picked?: OfferedTime } {
  const at = field(body, 'at');
  const picked = at === undefined ? undefined : days.flatMap((day) => day.times).find((time) => time.start === at);
  const wanted = field(body, 'day');
  const day =
    days.find((offered) => offered.date === wanted)?.date ??
    (picked && days.find((offered) => offered.times.includes(picked))?.date);
  return { ...(day && { day }), ...(picked && { picked }) };
}

/**
 * The per-address limit for a page whose posts choose (a day, a time) before one acts (`startsAt`):
 * only the acting post counts, as choosing changes nothing and a parent may look at several days.
 */
export const limitActing = (limitPerAddress: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler =>
  async function (request, reply) {
    if (field(request.body, 'startsAt') !== undefined) await limitPerAddress.call(this, request, reply);
  };
