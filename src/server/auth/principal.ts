import type { StaffRole } from '../../shared/staff/staff';

/**
 * Who an admin request comes from (decision 0058): the admin key (break-glass and automation,
 * acting as an owner), a named API token, or a member of staff's account. `name` is what
 * the access log and "created by" record.
 */
export type Principal =
  | { kind: 'key'; name: string; roles: readonly StaffRole[] }
  | { kind: 'token'; id: number; name: string; roles: readonly StaffRole[] }
  | { kind: 'account'; id: number; name: string; roles: readonly StaffRole[] };

export const adminKeyPrincipal: Principal = { kind: 'key', name: 'Admin key', roles: ['owner'] };

/** Roles as stored ('editor,enquiries'), read back leniently: an unknown word is dropped, not trusted. */
export function rolesFromColumn(column: string, known: readonly StaffRole[]): StaffRole[] {
  return column.split(',').filter((role): role is StaffRole => (known as readonly string[]).includes(role));
}
