import type { MarkedEnquiry, StaffNote } from '../../../shared/enquiries/admin-schemas';
import { channelLabels, type EnquirySource } from '../../../shared/analytics/insights';
import { stageLabels } from '../../../shared/enquiries/stages';
import { londonSpreadsheetTime } from '../../../shared/london-time';

/** An enquiry as the export writes it: the entity, staff's notes on it (oldest first) and where it came from. */
export type ExportedEnquiry = MarkedEnquiry & { staffNotes: readonly StaffNote[]; source?: EnquirySource | null };

const yesNo = (value: 'true' | 'false') => (value === 'true' ? 'Yes' : 'No');
const when = (iso: string | null) => (iso === null ? null : londonSpreadsheetTime(iso));

/** One staff note on a line of its own: when, who (when known), what. */
const noteLine = (note: StaffNote) =>
  `${londonSpreadsheetTime(note.createdAt)}${note.author ? ` ${note.author}` : ''}: ${note.text}`;

type Cell = string | number | null;

/** The columns, in order: a header and how each row fills it. Phone columns are marked for phoneCell. */
const columns: readonly { header: string; cell: (row: ExportedEnquiry) => Cell; phone?: true }[] = [
  { header: 'Number', cell: (row) => row.id },
  { header: 'Received (UK time)', cell: (row) => when(row.submittedAt) },
  { header: 'Type', cell: (row) => (row.submissionType === 'assessment' ? 'Assessment' : 'Contact') },
  { header: 'Reviewed', cell: (row) => yesNo(row.reviewed) },
  { header: 'Reviewed by', cell: (row) => row.reviewedBy },
  // Where it stands (issue 50): the stage in the inbox's words, why when not going ahead, who moved it last.
  { header: 'Stage', cell: (row) => stageLabels[row.stage.stage] },
  { header: 'Why not going ahead', cell: (row) => row.stage.reason },
  { header: 'Stage moved by', cell: (row) => row.stage.movedBy },
  { header: 'First contact (UK time)', cell: (row) => when(row.stage.contactedAt) },
  { header: 'First name', cell: (row) => row.firstName },
  { header: 'Last name', cell: (row) => row.lastName },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Telephone', cell: (row) => row.telephone, phone: true },
  { header: 'Mobile', cell: (row) => row.mobile, phone: true },
  { header: 'Year group', cell: (row) => row.yearGroup },
  { header: 'Subject', cell: (row) => row.emailTitle },
  { header: "Parent's notes", cell: (row) => row.notes },
  { header: 'Message', cell: (row) => row.message },
  { header: 'Staff notes', cell: (row) => row.staffNotes.map(noteLine).join('\n') || null },
  // Where it came from (decision 0065): empty when not known.
  { header: 'Landing page', cell: (row) => row.source?.landingPath ?? null },
  { header: 'Source', cell: (row) => row.source?.source ?? null },
  { header: 'Medium', cell: (row) => row.source?.medium ?? null },
  { header: 'Campaign', cell: (row) => row.source?.campaign ?? null },
  { header: 'Channel', cell: (row) => (row.source ? channelLabels[row.source.channel] : null) },
  { header: 'Sent from', cell: (row) => row.source?.sentFrom ?? null },
];

/** RFC 4180: a field with a quote, comma, line break, tab or outer space goes in quotes, quotes doubled. */
const quoted = (text: string) =>
  /[",\r\n\t]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * One CSV cell. A cell starting with = + - @ tab or CR would be run as a formula by Excel or
 * LibreOffice (OWASP "CSV injection"), so it gets a leading quote mark; then RFC 4180 quoting.
 */
export function csvCell(value: Cell): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return quoted(text);
}

/** What a phone number is made of: digits and the marks people write between them, nothing a formula could call. */
const phoneShaped = /^[0-9 +()\-./]+$/;

/**
 * A phone number that reads as one (decision 0066): a number a spreadsheet would change (a leading
 * zero dropped, `+44 …` taken as a sum) gets a leading tab, which makes Excel and LibreOffice keep
 * it as text and shows as nothing. Only a value of digits, spaces and + ( ) - . / gets it: with no
 * letters or quotes it can name no function even where the tab is trimmed. Anything else, a phone
 * field holding `=HYPERLINK(…)` say, is defused as every other cell.
 */
export function phoneCell(value: string | null): string {
  if (value === null || !phoneShaped.test(value)) return csvCell(value);
  return quoted(`\t${value}`);
}

/** The whole file: a UTF-8 byte-order mark so Excel reads the accents, CRLF line ends as RFC 4180 says. */
export function enquiriesCsv(enquiries: readonly ExportedEnquiry[]): string {
  const lines = [columns.map(({ header }) => csvCell(header)).join(',')];
  for (const enquiry of enquiries) {
    lines.push(
      columns
        .map(({ cell, phone }) => (phone ? phoneCell(cell(enquiry) as string | null) : csvCell(cell(enquiry))))
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
