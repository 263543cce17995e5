import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import type { InvitationAccept } from '../../../shared/staff/schemas';
import type { RecoveryReset, RecoveryView } from '../../../shared/staff/recovery';
import type { InvitationView, PasskeyCeremony, SignInNextStep } from '../../../shared/staff/staff';
import { apiRequest } from '../../lib/http';
import { createPasskey, signWithPasskey } from './passkey-ceremony';

const post = async <T>(url: string, body: unknown) => (await (await apiRequest('POST', url, body)).json()) as T;

/**
 * The calls made before anyone is signed in (decision 0058): signing in with a password and its
 * code or with a passkey, and opening and accepting an invitation. Each successful end answers a
 * new session, whose cookie the browser now holds.
 */
export const signInApi = {
  password: (email: string, password: string) => post<SignInNextStep>('/api/staff/sign-in', { email, password }),
  code: (challenge: string, code: string) => post<AdminSessionInfo>('/api/staff/sign-in/code', { challenge, code }),
  /** "Send a new code": the e-mailed code's step again, with a fresh code. */
  codeAgain: (challenge: string) => post<SignInNextStep>('/api/staff/sign-in/code/again', { challenge }),
  /** "Forgot your password?": the same answer whether or not the address has an account. */
  forgot: (email: string) => post<{ message: string }>('/api/staff/recovery', { email }),
  /** A recovery link's screen; `previous` ends the code step before it ("Send a new code"). */
  recovery: (token: string, previous?: string) =>
    post<RecoveryView>('/api/staff/recovery/open', previous ? { token, previous } : { token }),
  recover: (body: { token: string; password: string; challenge: string; code: string }) =>
    post<AdminSessionInfo>('/api/staff/recovery/complete', body),
  reset: (body: RecoveryReset) => post<AdminSessionInfo>('/api/staff/recovery/reset', body),
  /** A passkey made with an owner's reset link, to send with it. */
  resetPasskey: async (token: string) => {
    const ceremony = await post<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>(
      '/api/staff/recovery/passkey/options',
      { token },
    );
    return { challenge: ceremony.challenge, answer: await createPasskey(ceremony) };
  },
  passkey: async () => {
    const ceremony = await post<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>(
      '/api/staff/sign-in/passkey/options',
      {},
    );
    const answer = await signWithPasskey(ceremony);
    return post<AdminSessionInfo>('/api/staff/sign-in/passkey', { challenge: ceremony.challenge, answer });
  },
  // The link's token goes in the body: a path would be written to the server's request log.
  invitation: (token: string) => post<InvitationView>('/api/staff/invitations/open', { token }),
  accept: (token: string, accept: Omit<InvitationAccept, 'token'>) =>
    post<AdminSessionInfo>('/api/staff/invitations/accept', { ...accept, token }),
  /** A passkey made for the invitation, to send with the acceptance. */
  invitationPasskey: async (token: string, person: { name: string; email?: string }) => {
    const ceremony = await post<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>(
      '/api/staff/invitations/passkey/options',
      { ...person, token },
    );
    return { challenge: ceremony.challenge, answer: await createPasskey(ceremony) };
  },
};
