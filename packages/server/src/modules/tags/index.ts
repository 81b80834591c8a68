/** What other modules use of tags; app.ts builds the service and its routes. */
export {
  addTagPairs,
  addTagsTo,
  assertOwnTags,
  listTags,
  removeTagsFrom,
  restoreTags,
  setTagsOf,
  type TagDeleted,
  tagIdsOf,
} from './service.ts';
