import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StaffView } from '../../../shared/bookings/staff';
import { adminQueryKey } from '../queries';
import type { BookingsApi } from './api';

/** Every query of the screen: what an action changes is looked at again under this key. */
export const bookingsKey = [...adminQueryKey, 'bookings'] as const;

/** The "Upcoming assessments" screen's queries, each key with its fetcher. */
export const bookingsQueries = {
  /** One day or week; the last one stays on screen while the next loads. */
  view: (api: BookingsApi, from: string, view: StaffView) =>
    queryOptions({
      queryKey: [...bookingsKey, 'view', view, from],
      queryFn: () => api.view(from, view),
      placeholderData: keepPreviousData,
    }),
  /** The times one booking may move to now. */
  times: (api: BookingsApi, id: number) =>
    queryOptions({ queryKey: [...bookingsKey, 'times', id], queryFn: () => api.timesFor(id) }),
};
