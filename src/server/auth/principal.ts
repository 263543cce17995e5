import type { FastifyRequest } from 'fastify';
import { ADMIN_KEY_NAME } from '../../shared/staff/display-names';
import type { StaffRole } from '../../shared/staff/staff';
import { AppError } from '../errors';

/**
 * Who an admin request comes from (decision 0058): the admin key (break-glass and automation,
 * acting as an owner), a named API token, or a member of staff's account. `name` is what
 * the access log and "created by" record.
 */
export type Principal =
  | { kind: 'key'; name: string; roles: readonly StaffRole[] }
  | { kind: 'token'; id: number; name: string; roles: readonly StaffRole[] }
  | { kind: 'account'; id: number; name: string; roles: readonly StaffRole[] };

export const adminKeyPrincipal: Principal = { kind: 'key', name: ADMIN_KEY_NAME, roles: ['owner'] };

/** Roles as stored ('editor,enquiries'), read back leniently: an unknown word is dropped, not trusted. */
export function rolesFromColumn(column: string, known: readonly StaffRole[]): StaffRole[] {
  return column.split(',').filter((role): role is StaffRole => (known as readonly string[]).includes(role));
}

/**
 * Who did something, as a record keeps it (decision 0066): the account's id (null for the admin
 * key or an API token, which name themselves) and the name it goes by now, kept as it was then.
 */
export interface ActingStaff {
  accountId: number | null;
  name: string;
}

export const actingStaff = (principal: Principal): ActingStaff => ({
  accountId: principal.kind === 'account' ? principal.id : null,
  name: principal.name,
});

/** Who is acting on an admin route (every such route has checked who is asking before it runs). */
export const actingFor = (request: FastifyRequest): ActingStaff => actingStaff(request.adminAuth!.principal);

/**
 * The account a request's own routes (`/api/admin/staff/me…`) act on: the admin key and API tokens
 * are nobody's account, so they have no passkeys, password or codes of their own.
 */
export function ownAccountId(principal: Principal): number {
  if (principal.kind !== 'account') {
    throw new AppError(400, 'VALIDATION_FAILED', 'Only a member of staff signed in as themselves has an account here.');
  }
  return principal.id;
}
