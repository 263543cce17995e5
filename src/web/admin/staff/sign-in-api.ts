import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AdminSessionInfo } from '../../../shared/admin-session';
import type { InvitationAccept } from '../../../shared/staff/schemas';
import type { InvitationView, PasskeyCeremony, SignInNextStep } from '../../../shared/staff/staff';
import { apiRequest, getJson } from '../../lib/http';
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
  passkey: async () => {
    const ceremony = await post<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>>(
      '/api/staff/sign-in/passkey/options',
      {},
    );
    const answer = await signWithPasskey(ceremony);
    return post<AdminSessionInfo>('/api/staff/sign-in/passkey', { challenge: ceremony.challenge, answer });
  },
  invitation: (token: string) => getJson<InvitationView>(`/api/staff/invitations/${encodeURIComponent(token)}`),
  accept: (token: string, accept: InvitationAccept) =>
    post<AdminSessionInfo>(`/api/staff/invitations/${encodeURIComponent(token)}/accept`, accept),
  /** A passkey made for the invitation, to send with the acceptance. */
  invitationPasskey: async (token: string, person: { name: string; email?: string }) => {
    const ceremony = await post<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>>(
      `/api/staff/invitations/${encodeURIComponent(token)}/passkey/options`,
      person,
    );
    return { challenge: ceremony.challenge, answer: await createPasskey(ceremony) };
  },
};
