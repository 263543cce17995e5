/**
 * The staff roles (docs/decisions/0058-staff-accounts-roles-and-access-log.md). A person or a
 * token may hold several; an owner may use everything.
 */
export const staffRoles = ['owner', 'enquiries', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What an admin route needs: one role, or `staff` for anyone signed in whatever their roles. */
export type RouteRole = StaffRole | 'staff';

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  enquiries: 'Enquiries',
  editor: 'Editor',
};

export const staffRoleDescriptions: Record<StaffRole, string> = {
  owner: 'Everything, including staff accounts, API tokens, the access log and site settings.',
  enquiries: 'The inbox: read, review, notes, export and the Bin for enquiries.',
  editor: 'The blog, images, the logo and brand text.',
};

/** Whether someone holding `held` may use what needs `needed`. */
export function mayUse(held: readonly StaffRole[], needed: RouteRole): boolean {
  if (held.length === 0) return false;
  return needed === 'staff' || held.includes('owner') || held.includes(needed);
}

/** A named API token as the owner's list shows it; the token itself is shown only once. */
export interface ApiTokenRecord {
  id: number;
  name: string;
  roles: StaffRole[];
  createdBy: string;
  /** The account that made it (null: the admin key); disabling that account revokes it. */
  createdByAccountId: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating one: the record plus the token, which is never shown again. */
export interface CreatedApiToken extends ApiTokenRecord {
  token: string;
}

/** A member of staff's account as the owners' list shows it (never a secret). */
export interface StaffAccount {
  id: number;
  name: string;
  email: string;
  roles: StaffRole[];
  /** How they can sign in. */
  signIn: { passkeys: number; password: boolean; authenticatorApp: boolean };
  disabledAt: string | null;
  createdAt: string;
}

/** Why the last enabled owner cannot lose the owner role or be disabled: the server's 409 and the screen say the same. */
export const LAST_OWNER_MESSAGE = 'The site needs at least one owner: make someone else an owner first.';

/**
 * Whether giving `account` these roles would leave no enabled owner. The screen asks before
 * sending: unticking an only owner's only role would otherwise be refused as "no roles chosen",
 * hiding the reason that matters.
 */
export function leavesNoOwner(accounts: readonly StaffAccount[], account: StaffAccount, roles: readonly StaffRole[]) {
  if (!account.roles.includes('owner') || roles.includes('owner')) return false;
  return !accounts.some(
    (other) => other.id !== account.id && other.disabledAt === null && other.roles.includes('owner'),
  );
}

/** PATCH /api/admin/staff/accounts/:id: the account, and what disabling it ended (counts; none otherwise). */
export interface AccountChangeResult extends StaffAccount {
  ended: { apiTokens: number; invitations: number };
}

/** A pending invitation as the owners' list shows it (the link itself is never shown again). */
export interface StaffInvitation {
  id: number;
  /** null for the setup link of a fresh install. */
  email: string | null;
  roles: StaffRole[];
  invitedBy: string;
  /** The account that invited (null: the admin key or the first start); disabling it withdraws this. */
  invitedByAccountId: number | null;
  createdAt: string;
  expiresAt: string;
}

/** One of a person's own passkeys, as their account screen lists it. */
export interface StaffPasskey {
  id: number;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST /api/staff/invitations/open: what the invitation screen shows before accepting. */
export interface InvitationView {
  /** null for the setup link: the person types their address. */
  email: string | null;
  roles: StaffRole[];
  expiresAt: string;
  /** Whether codes can be e-mailed; without mail a password needs an authenticator app. */
  mailOn: boolean;
  /** A fresh secret to offer for an authenticator app, its address and that address as a QR code. */
  authenticator: { secret: string; uri: string; qrSvg: string };
}

/** What the first sign-in step with a password answers: the second step it waits for. */
export interface SignInNextStep {
  next: 'authenticator-app' | 'email-code';
  challenge: string;
}

/** What the server's passkey options calls answer: the ceremony's token and the options for the browser's WebAuthn call. */
export interface PasskeyCeremony<Options> {
  challenge: string;
  options: Options;
}
