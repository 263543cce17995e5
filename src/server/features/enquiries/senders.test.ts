import { describe, expect, it } from 'vitest';
import { honeypotField } from '../../../shared/enquiries/honeypot';
import { storedEnquiry } from './senders';

const person = { firstName: 'Priya', lastName: 'Khan', email: 'priya@example.com' };

describe('storedEnquiry: the one mapping from a valid form to the stored enquiry', () => {
  it('keeps an assessment request’s fields, titled by its subject, whatever emailTitle said', () => {
    const input = { ...person, telephone: '01632 960000', subjectTitle: 'GCSE Maths', yearGroup: 'Year 10' };
    expect(storedEnquiry('assessment', { ...input, emailTitle: 'ignored', [honeypotField]: '' })).toEqual({
      submissionType: 'assessment',
      ...person,
      telephone: '01632 960000',
      yearGroup: 'Year 10',
      notes: undefined,
      emailTitle: 'GCSE Maths',
    });
  });

  it('keeps a contact message’s fields and nothing else a body carried', () => {
    const input = { ...person, mobile: '07700 900123', message: 'Saturday classes?', [honeypotField]: 'x' };
    expect(storedEnquiry('contact', input)).toEqual({
      submissionType: 'contact',
      ...person,
      mobile: '07700 900123',
      message: 'Saturday classes?',
    });
  });
});
