import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { DISPLAY_LOCALE } from './locale.ts';

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

const countFormat = new Intl.NumberFormat(DISPLAY_LOCALE);

/** "1 account", "3 accounts", "1,006 transactions". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${countFormat.format(count)} ${count === 1 ? one : many}`;
}
