import { describe, expect, it } from 'vitest';
import { assessmentSchema, callbackSchema, contactSchema } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('assessment schema', () => {
  it('gives docs/product.md#validation messages for an empty form', () => {
    expect(messages(assessmentSchema.safeParse({}))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      telephone: 'Telephone number is required',
      email: 'Invalid email address',
      subjectTitle: 'Subject title is required',
    });
    const blank = { firstName: '', lastName: ' ', telephone: '', email: '', subjectTitle: '' };
    expect(messages(assessmentSchema.safeParse(blank))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      telephone: 'Telephone number is required',
      email: 'Invalid email address',
      subjectTitle: 'Subject title is required',
    });
  });

  it('accepts a complete request, trims it and leaves optional fields optional', () => {
    const result = assessmentSchema.parse({
      firstName: ' Amira ',
      lastName: 'Khan',
      telephone: '01632 960999',
      email: 'amira@example.com',
      subjectTitle: 'GCSE Maths',
    });
    expect(result).toEqual({
      firstName: 'Amira',
      lastName: 'Khan',
      telephone: '01632 960999',
      email: 'amira@example.com',
      subjectTitle: 'GCSE Maths',
    });
  });

  it('refuses over-long text with a message naming the limit', () => {
    const result = assessmentSchema.safeParse({
      firstName: 'a'.repeat(101),
      lastName: 'K',
      telephone: '1',
      email: 'a@b.co',
      subjectTitle: 'x',
      notes: 'n'.repeat(5001),
    });
    expect(messages(result)).toEqual({
      firstName: 'First name must be at most 100 characters',
      notes: 'Notes must be at most 5000 characters',
    });
  });

  it('the call-back form checks only its four fields', () => {
    expect(Object.keys(messages(callbackSchema.safeParse({ firstName: '' })))).toEqual([
      'firstName',
      'lastName',
      'telephone',
      'email',
    ]);
  });
});

describe('contact schema', () => {
  it('gives docs/product.md#validation messages', () => {
    const blank = { firstName: '', lastName: '', email: 'not-an-address', mobile: '', message: 'too short' };
    expect(messages(contactSchema.safeParse(blank))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      mobile: 'Mobile number is required',
      message: 'Message must be at least 10 characters long',
    });
  });

  it('counts the message length after trimming', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co', mobile: '07700 900123' };
    expect(contactSchema.safeParse({ ...base, message: '   123456789   ' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...base, message: '1234567890' }).success).toBe(true);
  });
});
