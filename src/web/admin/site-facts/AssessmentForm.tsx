import { useFormContext, useWatch } from 'react-hook-form';
import { assessmentSettingsOf, noticeHoursLimit } from '../../../shared/bookings/settings';
import type { AssessmentSettings, DeclaredHours } from '../../../shared/site-facts/site-facts';
import { GroupError, NumberField } from './fields';
import { type PartProps, SectionForm } from './SectionForm';
import type { FieldOf } from './section-form';
import { useSectionForm } from './use-section-form';
import { WeekHoursRows, weekHoursOf } from './WeekHoursRows';

/** The settings as typed: numbers as the text in their boxes, the notice as a choice and a number. */
export interface AssessmentFormValues {
  lengthMinutes: string;
  placesPerTime: string;
  bufferMinutes: string;
  notice: 'hours' | 'next-day';
  noticeHours: string;
  weeksAhead: string;
  /** Empty for no limit. */
  dailyLimit: string;
  cutoffHours: string;
  changesPerBooking: string;
  bookingsPerFamily: string;
  weeklyTimes: DeclaredHours[];
}

/** '45' as 45; anything else (45.5, 'ten', '') is not a whole number, which the rules name. */
const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

const toForm = (settings: AssessmentSettings): AssessmentFormValues => ({
  lengthMinutes: String(settings.lengthMinutes),
  placesPerTime: String(settings.placesPerTime),
  bufferMinutes: String(settings.bufferMinutes),
  notice: settings.minimumNotice === 'next-day' ? 'next-day' : 'hours',
  // A sensible number waits in the box while "from the next day" is chosen.
  noticeHours: settings.minimumNotice === 'next-day' ? '24' : String(settings.minimumNotice.hours),
  weeksAhead: String(settings.weeksAhead),
  dailyLimit: settings.dailyLimit === null ? '' : String(settings.dailyLimit),
  cutoffHours: String(settings.cutoffHours),
  changesPerBooking: String(settings.changesPerBooking),
  bookingsPerFamily: String(settings.bookingsPerFamily),
  weeklyTimes: settings.weeklyTimes,
});

// The fields in the order of the defaults, so unchanged settings read as unchanged.
const toValue = (form: AssessmentFormValues): AssessmentSettings => ({
  lengthMinutes: wholeNumber(form.lengthMinutes),
  placesPerTime: wholeNumber(form.placesPerTime),
  bufferMinutes: wholeNumber(form.bufferMinutes),
  minimumNotice: form.notice === 'next-day' ? 'next-day' : { hours: wholeNumber(form.noticeHours) },
  weeksAhead: wholeNumber(form.weeksAhead),
  dailyLimit: form.dailyLimit.trim() === '' ? null : wholeNumber(form.dailyLimit),
  cutoffHours: wholeNumber(form.cutoffHours),
  changesPerBooking: wholeNumber(form.changesPerBooking),
  bookingsPerFamily: wholeNumber(form.bookingsPerFamily),
  weeklyTimes: weekHoursOf(form.weeklyTimes),
});

/** The notice's hours show at their box, anything else about it at the choice; a weekly time's at its row's field. */
const fieldOf: FieldOf = (path) => {
  if (path[0] === 'minimumNotice') return path[1] === 'hours' ? 'noticeHours' : 'notice';
  return path.slice(0, 3).map(String).join('.');
};

const grid = 'grid gap-4 sm:grid-cols-2';

/** How parents may book the free assessment: the editors' and owners', like the hours. */
export function AssessmentForm({ current, generation, onReload, reloading, track }: PartProps) {
  const state = useSectionForm({
    section: 'assessment',
    current,
    generation,
    toForm,
    toValue,
    fieldOf,
    track,
    partOf: assessmentSettingsOf,
  });
  return (
    <SectionForm
      state={state}
      onReload={onReload}
      reloading={reloading}
      intro={
        <p className="mt-1 text-slate-700">
          When parents can book a free assessment on the website, and how many. Closures and special hours under Opening
          hours apply here too: a closed day offers no times.
          {current.facts.assessment === null && ' Nobody has changed these yet, so the suggested settings are shown.'}
        </p>
      }
    >
      <div className={grid}>
        <NumberField<AssessmentFormValues>
          name="lengthMinutes"
          label="Length of an assessment"
          unit="minutes"
          hint="How long one assessment takes, from 15 to 240 minutes."
        />
        <NumberField<AssessmentFormValues>
          name="placesPerTime"
          label="Places at each time"
          unit="children"
          hint="How many children can be assessed at the same time: 2 when two tutors are free."
        />
        <NumberField<AssessmentFormValues>
          name="bufferMinutes"
          label="Break between assessments"
          unit="minutes"
          hint="Time kept free before the next one starts, to talk to the parent or reset the room. 0 for none."
        />
        <NumberField<AssessmentFormValues>
          name="weeksAhead"
          label="How far ahead parents can book"
          unit="weeks"
          hint="From 1 to 26 weeks."
        />
        <NumberField<AssessmentFormValues>
          name="dailyLimit"
          label="Daily limit"
          unit="assessments a day"
          hint="The most assessments in one day. Leave empty for no limit beyond the times themselves."
        />
      </div>
      <NoticeChoice />
      <fieldset className="min-w-0 space-y-4">
        <legend className="font-semibold text-slate-900">Changes and cancellations by parents</legend>
        <div className={grid}>
          <NumberField<AssessmentFormValues>
            name="cutoffHours"
            label="Cut-off before the time, in hours"
            unit="hours"
            hint={`From 0 to ${noticeHoursLimit}. Within this many hours of the assessment, the links in the parent's e-mail no longer change or cancel it: they show your phone number and ask the parent to call.`}
          />
          <NumberField<AssessmentFormValues>
            name="changesPerBooking"
            label="Changes allowed per booking"
            unit="changes"
            hint="From 0 to 20. After this many changes by the parent's link, it asks them to call (cancelling still works). Your own moves do not count."
          />
          <NumberField<AssessmentFormValues>
            name="bookingsPerFamily"
            label="Bookings at once per family"
            unit="bookings"
            hint="From 1 to 10. Assessments still to come that one e-mail address, or one phone number, can hold at once."
          />
        </div>
      </fieldset>
      <WeekHoursRows<AssessmentFormValues, 'weeklyTimes'>
        name="weeklyTimes"
        legend="Times offered each week"
        intro={
          <p className="text-sm text-slate-700">
            Assessments start at the opening time, one after another (length plus break), as long as one still ends by
            the closing time. Until you change them, they follow the opening hours shown to parents on the contact page;
            change them here if assessments run at other times.
          </p>
        }
        rowLegend={(index) => `Assessment times ${index + 1}`}
        addLabel="Add assessment times"
      />
    </SectionForm>
  );
}

/** "At least N hours ahead" or "from the next day": a choice, the hours' box beside the first. */
function NoticeChoice() {
  const { register } = useFormContext<AssessmentFormValues>();
  const notice = useWatch<AssessmentFormValues, 'notice'>({ name: 'notice' });
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="font-semibold text-slate-900">How soon parents can book</legend>
      <label className="flex items-center gap-2">
        <input type="radio" value="next-day" {...register('notice')} className="h-4 w-4" />
        From the next day (nobody books for today)
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" value="hours" {...register('notice')} className="h-4 w-4" />
        At least a number of hours ahead
      </label>
      <GroupError name="notice" />
      {notice === 'hours' && (
        <div className="pl-6">
          <NumberField<AssessmentFormValues>
            name="noticeHours"
            label="Hours ahead"
            unit="hours"
            hint={`From 0 to ${noticeHoursLimit}: 24 means a parent booking at 6 pm can pick 6 pm tomorrow at the earliest.`}
          />
        </div>
      )}
    </fieldset>
  );
}
