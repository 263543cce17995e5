import type { PostedForm } from '../../../shared/enquiries/form-post';
import type { OfferedTime } from '../../../shared/bookings/slots';
import { timeInWords, ukTimeNote } from '../../../shared/time-words';
import { paths } from '../../../shared/routes';
import {
  Field,
  type FieldBinding,
  Honeypot,
  ParentDetailsFields,
  SubmitButton,
  honeypot,
  useZodForm,
} from '../enquiries';

// The assessment request's details, checked by its own schema (the server adds the time's).
const empty = { firstName: '', lastName: '', telephone: '', email: '', subjectTitle: '', yearGroup: '', notes: '' };
const schema = () => import('../../../shared/enquiries/schemas').then((module) => module.assessmentSchema);

export type BookingDetails = typeof empty & { startsAt: string; website: string };

/** The details a family gives once: the booking's, and the waiting list's (issue 51). */
export type DetailField = keyof typeof empty;

/** The details form's own fields (never the honeypot): what a 409's nearest times post back. */
export const detailFields = Object.keys(empty) as DetailField[];

/**
 * The booking's details fields (docs/product.md#assessment-form), and the field only bots fill
 * in: the booking's form and the waiting list's join form (issue 51) share them.
 */
export function BookingDetailsFields({
  field,
  idPrefix,
}: {
  field: (name: DetailField) => FieldBinding;
  idPrefix: string;
}) {
  return (
    <>
      <ParentDetailsFields field={field} />
      <Field label="Subject (for example GCSE Maths or 11+)" {...field('subjectTitle')} />
      <Field label="Year group" optional {...field('yearGroup')} />
      <Field label="Anything we should know?" optional rows={3} {...field('notes')} />
      <Honeypot idPrefix={idPrefix} />
    </>
  );
}

interface BookingDetailsFormProps {
  time: OfferedTime;
  /** The form as the browser posted it without script, when it came back with messages. */
  posted?: PostedForm | undefined;
  /** With script: sends the details; true when booked. Without script the browser posts the form. */
  send: (details: BookingDetails) => Promise<boolean>;
  /** The address that goes back to the day's times. */
  changeHref: string;
}

/**
 * The parent's details for the time chosen: the free-assessment form's fields and rules
 * (docs/product.md#assessment-form), and the time as a hidden field. A real form posting to its
 * page, as the enquiry forms do (decision 0062), so it books without script too.
 */
export function BookingDetailsForm({ time, posted, send, changeHref }: BookingDetailsFormProps) {
  const form = useZodForm(schema, empty, 'booking', posted);
  const submit = form.handleSubmit((values, element) =>
    send({ ...values, startsAt: time.start, website: honeypot(element).website ?? '' }),
  );
  return (
    <form
      method="post"
      action={paths.freeAssessment}
      noValidate
      aria-labelledby="booking-details-heading"
      className="relative grid gap-4"
      onSubmit={submit}
    >
      <h3 id="booking-details-heading" tabIndex={-1} className="text-lg font-bold text-slate-900">
        Your details for {timeInWords(time.start)} <span className="font-normal text-slate-700">{ukTimeNote}</span>
      </h3>
      <p className="text-slate-700">
        Not the time you wanted?{' '}
        <a href={changeHref} className="font-semibold text-blue-800 underline underline-offset-4">
          Choose another time
        </a>
      </p>
      <input type="hidden" name="startsAt" value={time.start} />
      <BookingDetailsFields field={form.field} idPrefix={form.idPrefix} />
      <div>
        <SubmitButton pending={form.pending} label="Confirm booking" />
      </div>
    </form>
  );
}
