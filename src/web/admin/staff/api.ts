import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AccessLogPage } from '../../../shared/access-log/access-log';
import type { ApiTokenCreate, InvitationCreate } from '../../../shared/staff/schemas';
import type {
  AccountChangeResult,
  ApiTokenRecord,
  CreatedApiToken,
  InvitationView,
  PasskeyCeremony,
  SignInNextStep,
  StaffAccount,
  StaffInvitation,
  StaffPasskey,
  StaffRole,
} from '../../../shared/staff/staff';
import { useAdminCalls } from '../session';
import { type AdminTransport, search } from '../transport';

export interface AccessLogQuery {
  actor?: string;
  enquiry?: string;
  page: number;
}

/**
 * The staff screens' calls once someone is signed in (decision 0058): accounts, invitations, API
 * tokens, the person's own account and passkeys, step-up, and the access log. The calls made before
 * anyone is signed in are `sign-in-api.ts`'s.
 */
export function staffApi({ json, send }: AdminTransport) {
  return {
    accounts: () => json<StaffAccount[]>('GET', '/api/admin/staff/accounts'),
    changeAccount: (id: number, change: { roles?: StaffRole[]; disabled?: boolean }) =>
      json<AccountChangeResult>('PATCH', `/api/admin/staff/accounts/${id}`, change),
    /** An owner's "Reset sign-in" (issue 38): the link, shown once when it could not be mailed. */
    resetSignIn: (id: number) =>
      json<{ link: string; mailed: boolean }>('POST', `/api/admin/staff/accounts/${id}/reset-sign-in`),
    invitations: () => json<StaffInvitation[]>('GET', '/api/admin/staff/invitations'),
    invite: (invitation: InvitationCreate) =>
      json<{ invitation: StaffInvitation; link: string; mailed: boolean }>(
        'POST',
        '/api/admin/staff/invitations',
        invitation,
      ),
    withdrawInvitation: async (id: number) => void (await send('DELETE', `/api/admin/staff/invitations/${id}`)),
    tokens: () => json<ApiTokenRecord[]>('GET', '/api/admin/api-tokens'),
    createToken: (token: ApiTokenCreate) => json<CreatedApiToken>('POST', '/api/admin/api-tokens', token),
    revokeToken: async (id: number) => void (await send('DELETE', `/api/admin/api-tokens/${id}`)),
    me: () => json<StaffAccount>('GET', '/api/admin/staff/me'),
    changePassword: async (change: { current?: string; password: string }) =>
      void (await send('PUT', '/api/admin/staff/me/password', change)),
    authenticatorOptions: () =>
      json<InvitationView['authenticator']>('POST', '/api/admin/staff/me/authenticator/options'),
    setAuthenticator: async (secret: string, code: string) =>
      void (await send('PUT', '/api/admin/staff/me/authenticator', { secret, code })),
    passkeys: () => json<StaffPasskey[]>('GET', '/api/admin/staff/me/passkeys'),
    passkeyOptions: () =>
      json<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>('POST', '/api/admin/staff/me/passkeys/options'),
    addPasskey: (challenge: string, answer: unknown) =>
      json<StaffPasskey[]>('POST', '/api/admin/staff/me/passkeys', { challenge, answer }),
    removePasskey: async (id: number) => void (await send('DELETE', `/api/admin/staff/me/passkeys/${id}`)),
    /** Step-up (issue 36): the password, then the code it asks for; or one of the person's passkeys. */
    stepUpPassword: (password: string) =>
      json<SignInNextStep>('POST', '/api/admin/staff/me/step-up/password', { password }),
    stepUpCode: async (challenge: string, code: string) =>
      void (await send('POST', '/api/admin/staff/me/step-up/code', { challenge, code })),
    stepUpPasskeyOptions: () =>
      json<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>(
        'POST',
        '/api/admin/staff/me/step-up/passkey/options',
      ),
    stepUpPasskey: async (challenge: string, answer: unknown) =>
      void (await send('POST', '/api/admin/staff/me/step-up/passkey', { challenge, answer })),
    signOutOthers: () => json<{ ended: number }>('POST', '/api/admin/staff/me/sign-out-others'),
    accessLog: (query: AccessLogQuery) => json<AccessLogPage>('GET', `/api/admin/access-log${search({ ...query })}`),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;

export const useStaffApi = () => useAdminCalls(staffApi);
