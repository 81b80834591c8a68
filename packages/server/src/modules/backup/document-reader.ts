import {
  BACKUP_LIST_MAX,
  BACKUP_LISTS_ADDED_LATER,
  BACKUP_TRANSACTIONS_MAX,
  type BackupDocument,
  type BackupList,
  backupHeadSchema,
  backupItemSchemas,
  backupReferenceIssues,
  NOTE_MAX,
} from '@kopiyka/shared';
import type { z } from 'zod';
import { invalidInput, validationError } from '../../lib/errors.ts';
import { type JsonPath, readJsonStream } from '../../lib/json-stream.ts';

/**
 * Document → list → item → its list (a budget's categories, a transaction's parts, a rule's
 * conditions) → a part → a part's list (the values of a rule's condition, the tags an action
 * adds): nothing of a backup lies deeper.
 */
const DEPTH = 6;
/** A note is the longest text a backup holds. */
const TEXT = NOTE_MAX;
/**
 * The most members of an object, or items of a list the document does not bound itself: an item
 * has under twenty fields, and its lists of ids (but a budget's excluded transactions) at most 500.
 */
const OTHER_ITEMS_MAX = 1_000;

type HeadPart = keyof typeof backupHeadSchema.shape;
const isList = (key: string | number | undefined): key is BackupList =>
  typeof key === 'string' && Object.hasOwn(BACKUP_LIST_MAX, key);
const isHeadPart = (key: string | number | undefined): key is HeadPart =>
  typeof key === 'string' && Object.hasOwn(backupHeadSchema.shape, key);

function checked<S extends z.ZodType>(schema: S, value: unknown, at: JsonPath): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error.issues, at);
  return result.data;
}

/**
 * The backup document of a restore's body, read as it arrives: each item of a list is checked
 * against its schema as soon as it is complete, so a wrong one (or a list past its most, a value
 * nested too deep, a text too long) is refused at once, naming its place, without the rest being
 * read; the references between the parts are checked once all of it is there. A key the document
 * does not have is passed over, as the schema leaves it out; a part given twice counts as given last.
 */
export async function readBackupDocument(body: AsyncIterable<Uint8Array>): Promise<BackupDocument> {
  const head = new Map<HeadPart, unknown>();
  const lists = new Map<BackupList, unknown[]>();
  await readJsonStream(
    body,
    { depth: DEPTH, text: TEXT },
    {
      open([key, ...inside], kind) {
        if (key === undefined) {
          if (kind !== 'object') throw validationError('body', 'input.invalidType', { expected: 'object' });
          return 'items';
        }
        if (inside.length > 0 || isHeadPart(key)) return 'whole';
        if (!isList(key)) return 'skip';
        if (kind !== 'array') throw validationError(key, 'input.invalidType', { expected: 'array' });
        lists.set(key, []);
        return 'items';
      },
      take(path, value) {
        const [key] = path;
        if (key === undefined) throw validationError('body', 'input.invalidType', { expected: 'object' });
        if (isList(key)) {
          if (path.length === 1) throw validationError(key, 'input.invalidType', { expected: 'array' });
          lists.get(key)!.push(checked(backupItemSchemas[key], value, path));
        } else if (isHeadPart(key)) head.set(key, checked(backupHeadSchema.shape[key], value, path));
      },
      itemsMax(path) {
        const [key, , field] = path;
        if (path.length === 1 && isList(key)) return BACKUP_LIST_MAX[key];
        if (key === 'budgets' && field === 'excludedTransactionIds') return BACKUP_TRANSACTIONS_MAX;
        return OTHER_ITEMS_MAX;
      },
    },
  );
  const parts = checked(backupHeadSchema, Object.fromEntries(head), []);
  const listed = {} as { [L in BackupList]: BackupDocument[L] };
  for (const list of Object.keys(BACKUP_LIST_MAX) as BackupList[]) {
    const items = lists.get(list) ?? (BACKUP_LISTS_ADDED_LATER.has(list) ? [] : undefined);
    if (!items) throw validationError(list, 'input.invalidType', { expected: 'array' });
    (listed as Record<BackupList, unknown[]>)[list] = items;
  }
  const doc: BackupDocument = { ...parts, ...listed };
  const issues = backupReferenceIssues(doc);
  if (issues.length > 0) throw invalidInput(issues, []);
  return doc;
}
