import { ukTimeInWords } from '../time-words';
import type { SettingKey } from '../settings/settings';
import { type SiteFactSection, siteFactSectionLabels } from '../site-facts/site-facts';
import type { AccessAction, AccessLogEntry } from './access-log';

/**
 * The access log in the words the admin screens use (docs/product.md#access-log): owners read
 * "Viewed the enquiry list", not `enquiry.list`. The codes stay in the database and the API.
 */
export const accessActionWords: Record<AccessAction, string> = {
  'enquiry.list': 'Viewed the enquiry list',
  'enquiry.read': 'Viewed an enquiry',
  'enquiry.export': 'Downloaded enquiries as a spreadsheet',
  'enquiry.update': 'Changed an enquiry',
  'enquiry.note': 'Added a note to an enquiry',
  'enquiry.stage': 'Moved an enquiry to another stage',
  'enquiry.open-from-nudge': 'Opened an enquiry from a nudge e-mail',
  'enquiry.mail-retry': 'Sent the staff e-mail again',
  'enquiry.bin': 'Moved an enquiry to the Bin',
  'booking.list': 'Viewed the upcoming assessments',
  'booking.move': 'Moved an assessment to another time',
  'booking.cancel': 'Cancelled an assessment',
  'booking.attendance': 'Marked an assessment Attended or No-show',
  'booking.another-time': 'Offered a family another time after a missed assessment',
  'booking.block': 'Blocked an assessment time',
  'booking.unblock': 'Unblocked an assessment time',
  'bin.list': 'Viewed the Bin',
  'bin.restore': 'Restored something from the Bin',
  'bin.purge': 'Deleted something from the Bin for good',
  'sign-in': 'Signed in',
  'sign-in.failed': 'Failed to sign in',
  'access.refused': 'Was refused',
  'refused.more': 'Was refused again',
  'invitation.create': 'Invited a colleague',
  'invitation.withdraw': 'Withdrew an invitation',
  'invitation.accept': 'Accepted an invitation',
  'account.change': 'Changed an account',
  'account.sign-in-change': 'Changed how they sign in',
  'account.passkey-add': 'Added a passkey',
  'account.passkey-remove': 'Removed a passkey',
  'account.step-up': 'Confirmed it was them',
  'account.sign-out-others': 'Signed out their other devices',
  'account.recovery-link': 'Sent a link to choose a new password',
  'account.recover': 'Chose a new password with a link and a code',
  'account.reset-sign-in': 'Reset a colleague’s sign-in',
  'account.reset-accept': 'Set up sign-in again with a reset link',
  'api-token.create': 'Made an API token',
  'api-token.revoke': 'Revoked an API token',
  'setting.change': 'Changed a setting',
  'site.change': 'Changed the site’s facts',
  'site.restore': 'Restored a version of the site’s facts',
  'logo.upload': 'Uploaded a logo',
  'post.create': 'Started a blog post',
  'post.update': 'Changed a blog post',
  'post.bin': 'Moved a blog post to the Bin',
  'image.upload': 'Uploaded an image',
  'image.update': 'Changed an image’s details',
  'image.bin': 'Moved an image to the Bin',
};

const settingWords: Record<SettingKey, string> = {
  site_logo: 'The logo',
  show_site_logo: 'Showing the logo',
  brand_text: 'The site name',
  show_brand_text: 'Showing the site name',
};

const isAction = (action: string): action is AccessAction => Object.hasOwn(accessActionWords, action);

/** What was done; a code the screen has no words for yet is shown as it is rather than hidden. */
export function actionWords(entry: Pick<AccessLogEntry, 'action' | 'repeats'>): string {
  const words = isAction(entry.action) ? accessActionWords[entry.action] : entry.action;
  return entry.repeats === null ? words : `${words} (${entry.repeats} more times)`;
}

/** Which record, by the name it has now when it has one, else by its kind and number. */
export function targetWords(entry: Pick<AccessLogEntry, 'action' | 'target' | 'shown'>): string {
  const { target } = entry;
  if (!target) {
    if (entry.shown > 0) return entry.shown === 1 ? '1 enquiry shown' : `${entry.shown} enquiries shown`;
    return '';
  }
  const { id, name } = target;
  switch (target.kind) {
    case 'enquiry':
      return `Enquiry ${id}`;
    case 'post':
      return `Blog post ${id}`;
    case 'image':
      return `Image ${id}`;
    case 'account':
      return name ? `${name}’s account` : `Account ${id}`;
    case 'invitation':
      return name ? `Invitation for ${name}` : `Invitation ${id}`;
    case 'api-token':
      return name ? `API token “${name}”` : `API token ${id}`;
    case 'setting':
      return Object.hasOwn(settingWords, id) ? settingWords[id as SettingKey] : id;
    case 'site':
      return entry.action === 'site.restore'
        ? `Version ${id}`
        : Object.hasOwn(siteFactSectionLabels, id)
          ? siteFactSectionLabels[id as SiteFactSection]
          : id;
    case 'booking-time':
      return Number.isNaN(Date.parse(id)) ? id : `The time ${ukTimeInWords(id)}`;
    case 'route':
      return `The address ${id}`;
  }
}
