import { AppError } from '../../errors';
import type { Principal } from '../../auth/principal';

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
