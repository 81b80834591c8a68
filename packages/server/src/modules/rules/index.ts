/** What other modules use of rules; app.ts builds the service and its routes. */
export {
  rulesAfterAccountDeleted,
  rulesAfterCategoryDeleted,
  rulesAfterTagDeleted,
} from './references.ts';
export { listRules, type RestoredIds, type RulesService, replaceRules, rulesForArrivals } from './service.ts';
