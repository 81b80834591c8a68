/** What other modules use of tags; app.ts builds the service and its routes. */
export {
  addTagsTo,
  assertOwnTags,
  listTags,
  removeTagsFrom,
  restoreTags,
  restoreTransactionTags,
  setTagsOf,
  tagIdsOf,
} from './service.ts';
