import { z } from 'zod';
import { weekDays } from './site-facts';

/**
 * The rules of a row of weekly hours, shared by the opening hours (schemas.ts) and the free
 * assessment's weekly times (shared/bookings/settings.ts): written once, so both forms say the
 * same thing, and kept apart from schemas.ts so the two can import it without importing each other.
 */
export const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time, like 16:00` })
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time, like 16:00`);

/** Closing must come after opening, named on the closing time. */
export const closesAfterOpens = (hours: { opens: string | null; closes: string | null }, context: z.RefinementCtx) => {
  if (hours.opens && hours.closes && hours.closes <= hours.opens) {
    context.addIssue({ code: 'custom', path: ['closes'], message: 'Closes must be after opens' });
  }
};

/** Some days of the week, from one time to a later one. */
export const declaredHoursSchema = z
  .object({
    days: z
      .array(z.enum(weekDays, { error: `Days must be among ${weekDays.join(', ')}` }), {
        error: 'Days must be a list',
      })
      .min(1, 'Choose at least one day')
      .max(7, 'A week has seven days'),
    opens: timeOfDay('Opens'),
    closes: timeOfDay('Closes'),
  })
  .strict()
  .superRefine(closesAfterOpens);
