// zod/mini, not zod: these schemas ship to every visitor's browser, and mini tree-shakes to a few kB.
import * as z from 'zod/mini';
import { emailAddressPattern } from '../email-address';
import { honeypotField } from './honeypot';

/** Longest accepted values (docs/product.md#text-limits); these fit any real name, number or note. */
export const enquiryLimits = {
  name: 100,
  telephone: 40,
  email: 254,
  subjectTitle: 200,
  yearGroup: 50,
  longText: 5000,
} as const;

// A missing or non-text value gets the same message as an empty one: the API names it plainly.
const required = (message: string, max: number, label: string) =>
  z
    .string(message)
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${label} must be at most ${max} characters`));

const optionalText = (max: number, label: string) =>
  z.optional(
    z.string(`${label} must be text`).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
  );

const email = (message: string) =>
  z
    .string(message)
    .check(
      z.trim(),
      z.maxLength(enquiryLimits.email, `Email must be at most ${enquiryLimits.email} characters`),
      z.email({ pattern: emailAddressPattern, error: message }),
    );

const honeypot = { [honeypotField]: z.optional(z.unknown()) } as const;

/** docs/product.md#assessment-form: the exact messages, in the order the fields appear. */
export const assessmentSchema = z.object({
  firstName: required('First name is required', enquiryLimits.name, 'First name'),
  lastName: required('Last name is required', enquiryLimits.name, 'Last name'),
  telephone: required('Telephone number is required', enquiryLimits.telephone, 'Telephone number'),
  email: email('Invalid email address'),
  subjectTitle: required('Subject title is required', enquiryLimits.subjectTitle, 'Subject title'),
  yearGroup: optionalText(enquiryLimits.yearGroup, 'Year group'),
  notes: optionalText(enquiryLimits.longText, 'Notes'),
  /** Sent by the client as docs/product.md#api-enquiries says; the server ignores it and uses subjectTitle. */
  emailTitle: z.optional(z.string('Email title must be text')),
  ...honeypot,
});

/** The short home form: the first four assessment fields (it submits as a call-back request). */
export const callbackSchema = z.pick(assessmentSchema, {
  firstName: true,
  lastName: true,
  telephone: true,
  email: true,
  [honeypotField]: true,
});

/** docs/product.md#contact-form. */
export const contactSchema = z.object({
  firstName: required('First name is required', enquiryLimits.name, 'First name'),
  lastName: required('Last name is required', enquiryLimits.name, 'Last name'),
  email: email('Please enter a valid email address'),
  mobile: required('Mobile number is required', enquiryLimits.telephone, 'Mobile number'),
  message: z
    .string('Message must be at least 10 characters long')
    .check(
      z.trim(),
      z.minLength(10, 'Message must be at least 10 characters long'),
      z.maxLength(enquiryLimits.longText, `Message must be at most ${enquiryLimits.longText} characters`),
    ),
  ...honeypot,
});

export type AssessmentInput = z.output<typeof assessmentSchema>;
export type CallbackInput = z.output<typeof callbackSchema>;
export type ContactInput = z.output<typeof contactSchema>;

/** What both POST endpoints answer on success. */
export interface CreatedEnquiry {
  id: number;
}
