import { type StaffRole, staffRoleLabels } from '../../../shared/staff/staff';
import type { OutgoingEmail } from '../../mail/outbox';

/** Where an invitation's link leads: the token after `#`, so it never reaches a server log or a Referer. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/admin/invitation#${token}`;

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
