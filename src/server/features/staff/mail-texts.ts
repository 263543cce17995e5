import { type StaffRole, staffRoleLabels } from '../../../shared/staff/staff';
import type { OutgoingEmail } from '../../mail/outbox';

/** Where an invitation's link leads: the token after `#`, so it never reaches a server log or a Referer. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/admin/invitation#${token}`;

/** Where a recovery link leads (issue 38): the token after `#`, like an invitation's. */
export const recoveryLink = (publicUrl: string, token: string) => `${publicUrl}/admin/recover#${token}`;

/** "Forgot your password?": sent only to an existing, enabled account. */
export function forgotPasswordMail(to: string, link: string, businessName: string): OutgoingEmail {
  const body = [
    'Hello,',
    '',
    `Someone asked to choose a new password for your account on the ${businessName} staff area.`,
    '',
    'To choose one, open this link within an hour. It works once, and it will also ask for your sign-in code:',
    link,
    '',
    'If this was not you, you can ignore this e-mail: your password stays as it is.',
  ].join('\n');
  return {
    kind: 'sign-in-recovery',
    recipient: to,
    subject: `Choose a new password for the ${businessName} staff area`,
    body,
  };
}

/** An owner's "Reset sign-in": a fresh setup link for an existing account. */
export function signInResetMail(to: string, link: string, ownerName: string, businessName: string): OutgoingEmail {
  const body = [
    'Hello,',
    '',
    `${ownerName} has reset how you sign in to the ${businessName} staff area. You have been signed out everywhere.`,
    '',
    'To choose a new password or add a passkey, open this link within 48 hours. It works once:',
    link,
    '',
    'If you were not expecting this, tell an owner.',
  ].join('\n');
  return {
    kind: 'sign-in-reset',
    recipient: to,
    subject: `Set up your sign-in to the ${businessName} staff area again`,
    body,
  };
}

/** `businessName`: the site facts' name in use when the mail is written. */
export function invitationMail(
  to: string,
  link: string,
  roles: readonly StaffRole[],
  invitedBy: string,
  businessName: string,
): OutgoingEmail {
  const body = [
    'Hello,',
    '',
    `${invitedBy} has invited you to the staff area of the ${businessName} website, as:`,
    ...roles.map((role) => `- ${staffRoleLabels[role]}`),
    '',
    'To accept, open this link within 48 hours. It works once:',
    link,
    '',
    'If you were not expecting this, you can ignore this e-mail.',
  ].join('\n');
  return {
    kind: 'staff-invitation',
    recipient: to,
    subject: `Your invitation to the ${businessName} staff area`,
    body,
  };
}

export function signInCodeMail(to: string, code: string, businessName: string): OutgoingEmail {
  const body = [
    `Your code to sign in to the ${businessName} staff area is:`,
    '',
    code,
    '',
    'It works once, within 10 minutes. Nobody from the centre will ever ask you for it.',
    'If you did not just try to sign in, someone knows your password: please change it.',
  ].join('\n');
  return { kind: 'sign-in-code', recipient: to, subject: `${code} is your ${businessName} sign-in code`, body };
}

/**
 * To the owners (and, for codes, the person too) when an account's sign-in budget trips: once
 * per window, never with the password or code tried, nor where from (that is in the access log).
 */
export function signInLimitMail(
  to: string,
  {
    what,
    accountEmail,
    toPerson,
    businessName,
  }: {
    what: 'passwords' | 'codes';
    accountEmail: string;
    toPerson: boolean;
    businessName: string;
  },
): OutgoingEmail {
  const whose = toPerson ? 'your account' : `the account ${accountEmail}`;
  const body =
    what === 'codes'
      ? [
          `Someone has entered the right password for ${whose} on the ${businessName} staff area, followed by too many wrong sign-in codes.`,
          '',
          'Codes for this account are refused for up to an hour, even the right one. A passkey still signs in.',
          toPerson
            ? 'If this was not you, someone knows your password: please change it as soon as you are signed in, and tell an owner.'
            : 'If the person was not trying to sign in, their password is known to someone else: ask them to change it.',
        ]
      : [
          `There have been many wrong passwords for ${whose} on the ${businessName} staff area.`,
          '',
          'Further password attempts for it now wait a little longer each time (a minute at most); an attempt from a place with no wrong passwords is not made to wait, and a passkey still signs in.',
          'The access log shows when they came, and from which addresses.',
        ];
  return {
    kind: 'sign-in-alert',
    recipient: to,
    subject:
      what === 'codes'
        ? `Too many wrong sign-in codes for ${toPerson ? 'your' : 'a'} ${businessName} staff account`
        : `Too many wrong passwords for a ${businessName} staff account`,
    body: body.join('\n'),
  };
}

/** What changed in how an account signs in, as the person's e-mail words it. */
export type SignInChange = 'password' | 'authenticator-app' | 'passkey-added' | 'passkey-removed';

const changeWords: Record<SignInChange, string> = {
  password: 'Your password was changed, and your other sessions were signed out.',
  'authenticator-app': 'Your sign-in codes now come from a new authenticator app.',
  'passkey-added': 'A passkey was added to your account.',
  'passkey-removed': 'A passkey was removed from your account.',
};

/** Told after each change to how an account signs in (issue 36), so a change the person did not make is noticed. */
export function signInChangedMail(to: string, change: SignInChange, businessName: string): OutgoingEmail {
  const body = [
    'Hello,',
    '',
    `${changeWords[change]} (${businessName} staff area)`,
    '',
    'If this was you, there is nothing to do.',
    'If it was not, tell an owner at once: they can disable the account while you sort it out.',
  ].join('\n');
  return {
    kind: 'sign-in-changed',
    recipient: to,
    subject: `How you sign in to the ${businessName} staff area has changed`,
    body,
  };
}
