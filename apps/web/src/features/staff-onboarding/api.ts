import { del, post } from '../../lib/api-client';
import { timeZoneOf } from '../../lib/day-range';
import { download } from '../../lib/download';
import type { OnboardingDetail, OnboardingFilters } from '../../lib/onboarding';

/** `POST user/entry/step/start`: who is to be hired, and where. */
export interface StartFields {
  name: string;
  phone: string;
  id_type_id: number;
  id_number: string;
  store_id: number;
  post_id: number;
}

/** A 409 says why the person may not be hired (`data.errors`, one reason per field). */
export const startOnboarding = (fields: StartFields) =>
  post<OnboardingDetail>('/auth/user/entry/step/start', fields);

/** Only an entry never submitted; its uploads go back to their uploader. */
export const destroyOnboarding = (id: number) => del<{ id: number }>('/auth/user/entry/step/destroy', { id });

/** Downloads `GET user/entry/step/excel` (every row the filters match) as a file named `fileName`. */
export const downloadExport = (filters: OnboardingFilters, fileName: string) =>
  download('/auth/user/entry/step/excel', { ...filters, tz: timeZoneOf(filters) }, fileName);
