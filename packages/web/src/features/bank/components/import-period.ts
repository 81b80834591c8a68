import { MONOBANK_DEFAULT_IMPORT_MONTHS, MONOBANK_EARLIEST_IMPORT, MONOBANK_WINDOW_SECONDS } from '@kopiyka/shared';
import { z } from 'zod';
import { requestPace } from '../../../entities/monobank/job-progress.ts';
import { calendarDay, formatDuration, wallTime, zonedInstant } from '../../../lib/dates.ts';
import { t } from '../../../lib/i18n.ts';
import { dayKey, dayStart } from '../../../lib/periods.ts';

/** How far back an import may reach: a number of months, or a day of the person's choosing. */
export const IMPORT_PERIODS = [
  { value: '1', label: 'bank.period.month1', months: 1 },
  { value: '3', label: 'bank.period.months3', months: 3 },
  { value: '6', label: 'bank.period.months6', months: 6 },
  { value: '12', label: 'bank.period.year1', months: 12 },
] as const;
export const FROM_A_DATE = 'date';
export type ImportPeriod = (typeof IMPORT_PERIODS)[number]['value'] | typeof FROM_A_DATE;

export const DEFAULT_IMPORT_PERIOD = String(MONOBANK_DEFAULT_IMPORT_MONTHS) as ImportPeriod;

/**
 * The same wall-clock time `months` earlier in the user's time zone; the 31st of a shorter month
 * becomes its last day.
 */
export function monthsBefore(now: Date, months: number): Date {
  const wall = wallTime(now);
  const first = new Date(Date.UTC(wall.year, wall.month - 1 - months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return zonedInstant({ ...wall, year, month, day: Math.min(wall.day, lastDay) });
}

/** The first day Monobank keeps statements of (a calendar day, 1 January 2017). */
export const EARLIEST_IMPORT_DAY = calendarDay(new Date(MONOBANK_EARLIEST_IMPORT));

/** The form's values: the period picked, and the day when it is "from a date". */
export type ImportPeriodValues = { period: ImportPeriod; date: string };

/** The values checked, as the moment the import starts from (epoch ms, midnight of a day in the user's time zone). */
export function importPeriodSchema(now: Date) {
  const today = dayKey(now);
  return z
    .object({ period: z.enum([...IMPORT_PERIODS.map((option) => option.value), FROM_A_DATE]), date: z.string() })
    .transform((values, ctx) => {
      const months = IMPORT_PERIODS.find((option) => option.value === values.period)?.months;
      if (months !== undefined) return monthsBefore(now, months).getTime();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: t('bank.period.chooseDay') });
        return z.NEVER;
      }
      if (values.date < EARLIEST_IMPORT_DAY || values.date > today) {
        ctx.addIssue({
          code: 'custom',
          path: ['date'],
          message: t('bank.period.dayRange', { year: EARLIEST_IMPORT_DAY.slice(0, 4) }),
        });
        return z.NEVER;
      }
      return dayStart(values.date).getTime();
    });
}

/**
 * The statement requests an import from `from` up to `now` needs: Monobank answers at most 31 days
 * and an hour per request, for one account at a time.
 */
export function statementRequests(accounts: number, from: number, now: number): number {
  const seconds = Math.max(0, (now - from) / 1000);
  return accounts * Math.max(1, Math.ceil(seconds / MONOBANK_WINDOW_SECONDS));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How long an import will take, said honestly: one request per interval of this server. */
export function importEstimate(
  accounts: number,
  requests: number,
  requestIntervalMs: number,
): { duration: string; reason: string } {
  return {
    duration: capitalised(formatDuration((requests * requestIntervalMs) / 1000)),
    reason: t('bank.period.reason', { pace: capitalised(requestPace(requestIntervalMs)), accounts, requests }),
  };
}
