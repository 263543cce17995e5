// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostedForm } from '../../../shared/enquiries/form-post';
import { contactSchema } from '../../../shared/enquiries/schemas';
import { Field } from './Field';
import { useZodForm } from './use-zod-form';

/**
 * The public forms' hook (decision 0055) in a browser document, with the contact form's real schema
 * and real fields: what a parent sees when a form is sent empty, half corrected, while it is being
 * sent, and after the server's answer. `send` is the page's own part (the POST and the toast), so a
 * test hands one that says how the sending went.
 */
type ContactField = 'firstName' | 'lastName' | 'email' | 'mobile' | 'message';
const empty: Record<ContactField, string> = { firstName: '', lastName: '', email: '', mobile: '', message: '' };
const filled: Record<ContactField, string> = {
  firstName: 'Amira',
  lastName: 'Khan',
  email: 'amira.khan@example.com',
  mobile: '07700 900123',
  message: 'Could Year 9 maths start in January?',
};

/** How many times the schema was asked for: it is loaded on demand, never with the page. */
let schemaLoads = 0;
const loadSchema = async () => {
  schemaLoads += 1;
  return contactSchema;
};

function ContactLikeForm({
  send,
  posted,
}: {
  send: (values: Record<ContactField, string>) => Promise<boolean>;
  posted?: PostedForm;
}) {
  const form = useZodForm<ContactField>(loadSchema, empty, 'test', posted);
  return (
    <form aria-label="Send us a message" noValidate onSubmit={form.handleSubmit((values) => send(values))}>
      <Field label="First name" {...form.field('firstName')} />
      <Field label="Last name" {...form.field('lastName')} />
      <Field label="Email" type="email" {...form.field('email')} />
      <Field label="Mobile" type="tel" {...form.field('mobile')} />
      <Field label="Message" rows={5} {...form.field('message')} />
      <button type="submit" disabled={form.pending}>
        {form.pending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}

/** A send the test finishes when it chooses, to look at the form while it is pending. */
function heldSend() {
  const sent: Record<ContactField, string>[] = [];
  let finish: (result: boolean) => void = () => {};
  const send = (values: Record<ContactField, string>) =>
    new Promise<boolean>((resolve) => {
      sent.push(values);
      finish = resolve;
    });
  return { sent, send, finish: (result: boolean) => finish(result) };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Send us a message' }));
const fill = (values: Record<ContactField, string>) => {
  const labels: Record<ContactField, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    mobile: 'Mobile',
    message: 'Message',
  };
  for (const [name, value] of Object.entries(values)) type(labels[name as ContactField], value);
};

afterEach(() => {
  cleanup();
  schemaLoads = 0;
});

describe('useZodForm', () => {
  it('says nothing while the parent types a first time, and loads no schema', () => {
    render(<ContactLikeForm send={async () => true} />);
    type('Email', 'not an address');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
    expect(schemaLoads).toBe(0);
  });

  it("sent empty: each field's own message, tied to its field, focus on the first, nothing sent", async () => {
    const sent: unknown[] = [];
    render(<ContactLikeForm send={async (values) => sent.push(values) > 0} />);
    submit();
    await screen.findByText('First name is required');
    for (const [label, message] of [
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Email', 'Please enter a valid email address'],
      ['Mobile', 'Mobile number is required'],
      ['Message', 'Message must be at least 10 characters long'],
    ] as const) {
      const control = input(label);
      expect(control.getAttribute('aria-invalid'), label).toBe('true');
      const describedBy = control.getAttribute('aria-describedby')!;
      expect(document.getElementById(describedBy)?.textContent, label).toBe(message);
    }
    expect(document.activeElement).toBe(input('First name'));
    expect(sent).toEqual([]);
    expect(schemaLoads).toBe(1);
  });

  it('after a failed send, checks each change at once: a corrected field loses its message', async () => {
    render(<ContactLikeForm send={async () => true} />);
    type('Email', 'amira@');
    submit();
    await screen.findByText('Please enter a valid email address');
    type('Email', 'amira.khan@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
    expect(input('Email').getAttribute('aria-describedby')).toBeNull();
    // The others are still wrong, and the focus went to the first of them.
    expect(screen.getByText('First name is required')).toBeTruthy();
    type('Message', 'Too short');
    await screen.findByText('Message must be at least 10 characters long');
  });

  it('focuses the first invalid field in the order of the form, not the first message found', async () => {
    render(<ContactLikeForm send={async () => true} />);
    fill({ ...filled, lastName: '', message: 'short' });
    submit();
    await screen.findByText('Last name is required');
    expect(document.activeElement).toBe(input('Last name'));
  });

  it('while sending: pending, a second submit sends nothing more; sent: the form empties', async () => {
    const sending = heldSend();
    render(<ContactLikeForm send={sending.send} />);
    fill(filled);
    submit();
    await screen.findByRole('button', { name: 'Sending...' });
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    submit();
    // Let the second submit run as far as it would (its check of the schema is a promise).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(sending.sent).toEqual([filled]);
    await act(async () => sending.finish(true));
    await screen.findByRole('button', { name: 'Send Message' });
    for (const label of ['First name', 'Last name', 'Email', 'Mobile', 'Message']) expect(input(label).value).toBe('');
    // A new form: typing says nothing until the next send.
    type('Email', 'x');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('not sent (the server refused or was away): every value stays, to send again', async () => {
    const sending = heldSend();
    render(<ContactLikeForm send={sending.send} />);
    fill(filled);
    submit();
    await screen.findByRole('button', { name: 'Sending...' });
    await act(async () => sending.finish(false));
    await screen.findByRole('button', { name: 'Send Message' });
    expect(input('Message').value).toBe(filled.message);
    expect(input('Email').value).toBe(filled.email);
    submit();
    await waitFor(() => expect(sending.sent).toEqual([filled, filled]));
  });

  it('posted without script and refused: starts with the values and messages, focus on the first at fault', async () => {
    const posted: PostedForm = {
      values: { ...filled, email: 'amira@', mobile: '', website: 'http://bot.example', constructor: 'x' },
      errors: { email: 'Please enter a valid email address', mobile: 'Mobile number is required' },
    };
    render(<ContactLikeForm send={async () => true} posted={posted} />);
    expect(input('First name').value).toBe('Amira');
    expect(input('Email').value).toBe('amira@');
    expect(screen.queryByDisplayValue('http://bot.example')).toBeNull();
    expect(input('Email').getAttribute('aria-describedby')).toBe('test-email-error');
    expect(screen.getByText('Mobile number is required')).toBeTruthy();
    expect(document.activeElement).toBe(input('Email'));
    expect(input('First name').autofocus).toBe(false);
    // Already sent once, so a correction is checked at once.
    type('Email', 'amira.khan@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(screen.getByText('Mobile number is required')).toBeTruthy();
  });

  it('posted with only a message about the whole form: the first field gets the focus', () => {
    render(
      <ContactLikeForm
        send={async () => true}
        posted={{ values: filled, errors: {}, notice: 'Too many enquiries from this address.' }}
      />,
    );
    expect(document.activeElement).toBe(input('First name'));
    expect(input('Message').value).toBe(filled.message);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
