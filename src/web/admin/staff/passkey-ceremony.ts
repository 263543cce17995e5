import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyCeremony } from '../../../shared/staff/staff';

/**
 * The browser's part of a passkey ceremony. @simplewebauthn/browser is loaded only when a person
 * presses a passkey button, so the admin's first load does not carry it.
 */
export async function createPasskey(
  ceremony: PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>,
): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: ceremony.options });
}

export async function signWithPasskey(
  ceremony: PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>,
): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: ceremony.options });
}

/** The browser's own refusals (the person cancelled, no passkey here) in words for staff. */
export function passkeyFailure(error: unknown): string | undefined {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for this account.';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'This browser cannot use passkeys here.';
  return undefined;
}
