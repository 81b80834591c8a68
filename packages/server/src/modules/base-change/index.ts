/** The base-currency change, revaluation and time-zone regrouping workflow, for app.ts and settings' types. */
export { type BaseChangeService, createBaseChangeService } from './base-change.ts';
export { type CurrencyChangesService, createCurrencyChangesService, regroupDaysAfterZoneChange } from './service.ts';
