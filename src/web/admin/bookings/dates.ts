import { addDays } from '../../../shared/london-time';

/** The Monday of the week a date is in: the week view runs Monday to Sunday. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
