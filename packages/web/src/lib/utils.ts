import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { numberFormat } from './locale.ts';

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** "1 account", "3 accounts", "1,006 transactions": English only; a converted screen uses an ICU plural of the catalogue. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${numberFormat().format(count)} ${count === 1 ? one : many}`;
}
