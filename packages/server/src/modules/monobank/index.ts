/** What other modules use of Monobank: its merchant category codes. */
export { categoryKeyForMcc } from './mcc.ts';
