import type { Enquiry } from '../../../shared/enquiries/admin-schemas';

const columns: readonly [string, keyof Enquiry][] = [
  ['ID', 'id'],
  ['Submitted at', 'submittedAt'],
  ['Type', 'submissionType'],
  ['Reviewed', 'reviewed'],
  ['First name', 'firstName'],
  ['Last name', 'lastName'],
  ['Email', 'email'],
  ['Telephone', 'telephone'],
  ['Mobile', 'mobile'],
  ['Year group', 'yearGroup'],
  ['Subject', 'emailTitle'],
  ['Notes', 'notes'],
  ['Message', 'message'],
];

/**
 * One CSV cell. A cell starting with = + - @ tab or CR would be run as a formula by Excel or
 * LibreOffice (OWASP "CSV injection"), so it gets a leading quote mark; then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a UTF-8 byte-order mark so Excel reads the accents, CRLF line ends as RFC 4180 says. */
export function enquiriesCsv(submissions: readonly Enquiry[]): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(',')];
  for (const submission of submissions) lines.push(columns.map(([, key]) => csvCell(submission[key])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
