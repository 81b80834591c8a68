/**
 * Every validation message the contract and the server give, by a stable code, with its English
 * template: `{name}` stands for a parameter. The English `message` of an issue is made from its code
 * and parameters here, so it is written once; the web translates by code (its catalogues hold an
 * entry `issue.<code>` for each, with the same arguments). docs/architecture.md "Errors".
 */
export const ISSUE_MESSAGES = {
  // Accounts, names and texts of every kind
  'name.required': 'Name is required',
  'name.notText': 'Name must be text',
  'name.empty': 'Name must not be empty',
  'name.tooLong': 'Name must be at most {max} characters',
  'text.controlCharacters': '{field} must not contain control characters such as line breaks or tabs',
  'text.controlCharactersButLines': '{field} must not contain control characters (line breaks and tabs are fine)',
  'text.brokenCharacter': '{field} holds a broken character',
  'text.notText': '{field} must be text',
  'text.tooLong': '{field} must be at most {max} characters',
  'note.notText': 'Note must be text',
  'note.tooLong': 'Note must be at most {max} characters',
  'fileName.tooLong': 'File name must be at most {max} characters',
  'icon.notText': 'Icon must be text',
  'icon.empty': 'Icon must not be empty',
  'icon.tooLong': 'Icon must be at most {max} characters',
  'colour.required': 'Colour is required',
  'colour.format': 'Colour must look like #1a2b3c',

  // Sign-up, sign-in, password
  'username.required': 'Username is required',
  'username.tooShort': 'Username must be at least {min} characters',
  'username.tooLong': 'Username must be at most {max} characters',
  'username.characters': 'Username may contain only letters, digits, ".", "_" and "-"',
  'username.mixedAlphabets': 'Username must use letters of one alphabet only (for example all Latin or all Cyrillic)',
  'password.required': 'Password is required',
  'password.tooShort': 'Password must be at least {min} characters',
  'password.tooLong': 'Password must be at most {max} characters',
  'password.spacesOnly': 'Password cannot be made of spaces only',
  'password.common': 'This password is one of the most common ones. Choose one that is harder to guess',
  'password.wrong': 'The password is not correct.',
  'events.tooManyStreams': 'At most {max} event streams may be open at once; close one first',
  'currentPassword.required': 'Current password is required',
  'registrations.closed': 'Sign-up is closed on this server. Ask the person who runs it for an account',

  // Values of every kind
  'value.notNumber': 'Must be a number',
  'value.notBoolean': 'Must be true or false',
  'value.id': 'Must be an id: a whole number from 1 to {max}',
  'value.currencyCode': 'Must be a three-letter currency code',
  'value.locale': 'Must be a language tag such as en, uk or en-GB',
  'value.timestamp': 'Must be an ISO timestamp',
  'value.date': 'Must be a date as YYYY-MM-DD',
  'value.month': 'Must be a month as YYYY-MM',
  'value.before1900': 'Must be in 1900 or later',
  'value.column': 'Must be a column number',
  'value.positive': 'Must be greater than 0',
  'value.cursor': 'Must be <time>_<id> of the last row seen',
  'value.moment': 'Must be epoch milliseconds or an ISO timestamp',
  'value.badEncoding': 'Is not valid URL encoding',
  'record.notFound': '{what} not found',
  'timeZone.unknown': 'Unknown time zone "{timeZone}": use an IANA name such as Europe/Kyiv',
  'format.onlyCsv': 'The only format is csv',

  // zod's own checks, where a schema gives no message of its own: the message stays zod's.
  'input.invalidType': 'Invalid input: expected {expected}',
  'input.tooSmall': 'Too small: expected {origin} to be at least {minimum}',
  'input.tooBig': 'Too big: expected {origin} to be at most {maximum}',
  'input.unrecognizedKeys': 'Unrecognized key(s) in object: {keys}',
  'input.invalid': 'Invalid input',

  // The request as a whole
  'request.unreadable': '{reason}',
  'request.tooLarge': 'Request body is too large',
  'request.tooDeep': 'Nested deeper than {max} levels',
  'request.fileBody': 'Send the file itself as the body, with Content-Type: {type}',
  'request.badAddress': 'The address is not valid URL encoding',
  'request.addressTooLong': 'A part of the address is too long',
  'request.badParameterName': 'A parameter name is not valid URL encoding',
  'idempotencyKey.format': 'Idempotency-Key must be 1 to {max} visible ASCII characters (no spaces)',
  'idempotencyKey.reused':
    'This Idempotency-Key was sent with another request in the last 24 hours: send a new request with a new key',

  // Amounts, balances, rates
  'amount.negative': 'Must not be negative',
  'amount.tooLarge': 'Too large: at most {max}',
  'amount.notWhole': 'Must be a whole number of minor units (cents)',
  'amount.tooLargeInBase': 'Too large: worth more than {max} in your base currency',
  'amount.totalTooLargeInBase':
    'Too large: all your amounts together would be worth more than {max} in your base currency',
  'amount.tooLargeForAccount':
    'Too large for this account: its balance and all its amounts together may come to at most {max}',
  'amount.tooLargeInCurrency': 'In {code} your figures would pass {max}, the most the app keeps',
  'limit.notPositive': 'Limit must be greater than 0',
  'balance.oneAtATime': 'Change one of the opening, initial or current balance at a time',
  'balance.bankReadOnly': 'Read-only for bank accounts',
  'balance.future': 'The opening balance is a balance the account had: not a future one',
  'rate.notNumber': 'Rate must be a number',
  'rate.notPositive': 'Rate must be greater than 0',
  'rate.tooSmall': 'Rate must be at least {min}',
  'rate.tooLarge': 'Rate must be at most {max}',
  'rate.missing': 'No exchange rate for {from} → {to} on {date}. Set a custom rate in Settings → Currencies.',
  'rate.liveNeedsCustom': 'Set a custom rate for {code} to stop using the live rate',
  'pair.sameCurrency': 'A pair needs two different currencies',
  'pair.required': 'Give at least one pair',
  'pair.currencyNotAdded': 'Add {code} to your currencies first',

  // Currencies
  'currency.required': 'Choose at least one currency',
  'currency.unknown': 'Unknown currency',
  'currency.unknownCode': 'Unknown currency {code}',
  'currency.tooManyDecimals':
    '{code} has {digits} decimal places; amounts are kept in hundredths, so it cannot be held exactly',
  'currency.notHeld': '{code} ({name}) is not a currency an account holds',

  // Transactions and transfers
  'transaction.required': 'Choose at least one transaction',
  'transaction.tooMany': 'At most {max} transactions at a time',
  'transaction.categoryRequired': 'Choose a category',
  'transaction.repeated': 'Transaction {id} appears more than once',
  'splits.tooFew': 'Split into at least {min} parts, or join them',
  'splits.tooMany': 'At most {max} parts',
  'splits.sum': 'The parts must add up exactly to the amount',
  'splits.transfer': 'A transfer cannot be split',
  'splits.amountChanged': 'The amount of a split transaction changes with its parts: give the new parts too',
  'splits.categoryChanged': "A split transaction takes its largest part's category: change the parts or join them",
  'transfer.destinationRequired': 'Choose the account the money goes to',
  'transfer.sameAccount': 'A transfer needs two different accounts',
  'transfer.destinationAmountRequired': 'Give the amount in {currency} that reaches the other account',
  'transfer.amountsDiffer': 'Both accounts use the same currency: the amounts must be equal',
  'transfer.destinationOnlyForTransfer': 'Only a transfer between your accounts has a destination',
  'transfer.destinationAmountOnlyForTransfer': 'Only a transfer between your accounts has a destination amount',
  'transfer.bankReadOnly': 'Read-only for bank transactions',
  'transfer.bankLegStays': 'The other leg stays on its bank account',
  'transfer.bankLegAmount': 'The other leg keeps its bank amount',
  'transfer.bankLegType': 'The other leg is a bank {type}: this leg must stay the opposite',
  'transfer.bankAccount': 'A bank account cannot take manual transactions',
  'transfer.idRequired': 'Give at least one transfer id',
  'link.sameAccount': 'Both transactions are on the same account',
  'link.sameType': 'A transfer pairs an expense with an income',
  'link.alreadyTransfer': 'One of them is a transfer already',
  'refund.notIncome': 'Only an income can be a refund',
  'refund.notExpense': 'A refund gives back the money of an expense, not of an income or a transfer',
  'refund.transfer': 'A transfer cannot be a refund or have refunds',
  'refund.tooMuch': 'The refunds of an expense add up to at most its amount',
  'refund.belowRefunds': 'An expense cannot be less than its refunds give back',
  'refund.hasRefunds': 'This expense has refunds: unlink them first',
  'filter.amountOrder': 'amountGte must not be greater than amountLte',
  'filter.dateOrder': 'startDate must not be after endDate',

  // Budgets, categories, statistics
  'budget.dateOrder': 'The start date must not be after the end date',
  'budget.noTransfers': 'A transfer cannot be part of a budget',
  'category.exists': 'There is a category "{name}" already',
  'category.existsUnderParent': 'There is a "{name}" under the same parent already',
  'category.moveOutside': 'Choose a category outside the one being deleted',
  'tag.exists': 'There is a tag "{name}" already',
  'tagIds.tooMany': 'A transaction carries at most {max} tags',
  'bulk.tooMany': 'At most {max} transactions can be changed at once',
  'bulk.oneAction': 'Either set changes or delete, one of the two',
  'bulk.nothingToSet': 'Say what to change: a category, tags to add or remove, or a note',
  'recurring.interval': 'Every 1 to {max} days, weeks, months or years',
  'recurring.count': 'From {min} to {max} occurrences',
  'recurring.endBeforeStart': 'The end must not be before the start',
  'recurring.amountForInstalments': 'An instalment plan takes its amounts from its total and count',
  'recurring.instalmentsMonthly': 'Instalments are paid every month',
  'recurring.instalmentsOnly': 'Only an instalment plan has a total and a count of parts',
  'recurring.notOccurrence': '{date} is not a day this schedule falls on',
  'recurring.decided': 'The occurrence of {date} is recorded or skipped already',
  'recurring.totalTooSmall': 'The total must be at least one minor unit per part',
  'range.order': 'from must not be after to',
  'range.tooLong': 'The range may cover at most {max} days',
  'range.tooManyPoints':
    '{accounts} accounts over {days} days are more than {max} points: choose a shorter range or one account',

  // Rules
  'rule.field': 'Must be one of description, note, amount, accountId, mcc, transactionType',
  'rule.op': 'Must be one of contains, equals, startsWith, gt, lt, in',
  'rule.opForField': '"{op}" does not compare {subject}',
  'rule.valueText': 'Must be text of 1 to {max} characters',
  'rule.valueMcc': 'Must be an MCC: a whole number from 0 to 9999',
  'rule.valueType': 'Must be income or expense',
  'rule.valueList': 'Must be a list of 1 to {max} values',
  'rule.conditionsRequired': 'A rule needs at least one condition',
  'rule.conditionsTooMany': 'A rule has at most {max} conditions',
  'rule.actionsRequired': 'A rule needs at least one action',
  'rule.actionType': 'Must be one of setCategory, addTags, setNote',
  'rule.actionRepeated': 'Each kind of action at most once',
  'rule.tagIdsEmpty': 'Choose at least one tag',
  'rule.match': 'Must be all or any',
  'rules.tooMany': 'At most {max} rules',
  'rules.orderIds': 'List every one of your rules exactly once',

  // Monobank
  'monobank.tokenRequired': 'Paste the token from api.monobank.ua',
  'monobank.tokenTooShort': 'This is too short for a Monobank token',
  'monobank.tokenTooLong': 'This is too long for a Monobank token',
  'monobank.tokenCharacters': 'A Monobank token has only letters, digits, "-" and "_"',
  'monobank.tokenUnknown': 'Monobank does not know this token',
  'monobank.tokenOfAnotherClient':
    "This token is another Monobank client's ({client}). Paste the token of {connected}, or disconnect Monobank first.",
  'monobank.notConnectedClient': 'Not the connected Monobank client',
  'monobank.clientId': 'Must be a Monobank client id',
  'monobank.bankId': 'Must be a bank id',
  'monobank.statementItemOnly': 'Only StatementItem events are known',
  'monobank.before2017': 'Must be in 2017 or later: Monobank keeps nothing older',
  'monobank.toBeforeFrom': 'Must be later than from',
  'monobank.notBankAccount': 'Only a Monobank account loads its statement from the bank',
  'monobank.accountOff': 'This account is turned off; turn it on to sync it',
  'monobank.noAccountOn': 'No Monobank account is turned on',
  'monobank.noPublicUrl':
    'This server does not know the address Monobank can reach it at: set PUBLIC_URL and restart it.',
  'monobank.unreachableUrl':
    'Monobank could not reach {url} ({reason}). PUBLIC_URL must be an address Monobank can reach from the internet.',
  'monobank.noCategoryToRemember': 'This transaction has no category to remember',

  // Binance
  'binance.secretKeyRefused': 'Binance did not accept this secret key: check it belongs to this API key',
  'binance.apiKeyRefused':
    'Binance did not accept this API key: check it is copied whole, is not deleted, and allows this address',
  'binance.keyCharacters': '{field} has only letters, digits and symbols, without spaces',

  // CSV import: the mapping, the file, and the cells of a row
  'import.amountColumnRequired': 'Choose the amount column, or the debit or credit column',
  'import.amountColumnsBoth': 'Choose either one amount column or debit and credit columns, not both',
  'import.rowsFromBank':
    '“{account}” gets its transactions from Monobank, so a file cannot be imported into it; choose an account of your own',
  'import.fileEmpty': 'The file is empty',
  'import.fileNotText': 'The file is not text: is it a spreadsheet rather than CSV?',
  'import.fileNoRows': 'The file has no rows under its header',
  'import.fileTooManyRows': 'The file has more than {max} rows; split it into several files',
  'import.fileTooManyColumns': 'Line {line} of the file has more than {max} cells',
  'import.cellTooLong': 'Line {line} of the file has a cell longer than {max} characters',
  'import.fileNotCsv': 'The file is not readable CSV: {reason}',
  'import.noSuchColumn': 'The file has no such column',
  'import.columnNotCategories': 'This column has too many different values to be read as categories',
  'import.columnMissing': 'The file has {columns} columns; there is no column {column}',
  'import.balanceTwice': 'The file has a balance column; the balance is read from it, not given too',
  'cell.amountEmpty': 'The amount is empty',
  'cell.amountZero': 'The amount is 0',
  'cell.amountTooLarge': 'The amount is too large: at most {max}',
  'cell.debitAndCredit': 'Both the debit and the credit are filled',
  'cell.notAmount': '“{text}” is not an amount',
  'cell.tooManyDecimals': '“{text}” has more than two decimals',
  'cell.timeEmpty': 'The time is empty',
  'cell.notTime': '“{text}” is not a time as {format}',
  'cell.notCalendarDate': '“{text}” is not a date in the calendar',
  'cell.columnMissing': 'The row has {cells} cells; column {column} is missing',
  'cell.noRate': 'No exchange rate for {from} → {to} on {date}',
  'import.stoppedUnexpectedly':
    'The import stopped on an unexpected error. The rows imported before it stay until you undo the import.',

  // Background jobs: why one stopped, stored with it
  'monobank.noAnswer': 'Monobank did not answer ({reason}); try again later.',
  'monobank.tokenRefused': 'Monobank does not accept this token any more. Paste a new one from api.monobank.ua.',
  'monobank.disconnected': 'Monobank was disconnected.',
  'monobank.noRate':
    'No exchange rate for {from} → {to} on {date}. Set a custom rate in Settings → Currencies, then sync again.',
  'baseChange.noRate': 'No exchange rate for {from} → {to} on {date}. Set a custom rate and try again.',
  'baseChange.noLimitRate':
    'No exchange rate for {from} → {to} today to convert budget limits. Set a custom rate and try again.',
  'baseChange.tooLarge': 'In {code} your figures would pass {max}, the most the app keeps.',
  'baseChange.historyChanging': 'The history keeps changing; try again in a moment.',
  'baseChange.stoppedUnexpectedly': 'The recalculation stopped unexpectedly.',

  // Refusals of a request as a whole (CONFLICT, NOT_ALLOWED): the message is the answer's statusText
  'base.required': 'Choose your base currency first.',
  'base.cannotRemove': '{code} is your base currency. Choose another base currency first.',
  'base.becoming':
    '{code} is becoming your base currency: figures are being recalculated in it. Wait until that has finished.',
  'base.changing': 'The base currency is already being changed. Wait until it finishes.',
  'base.recomputingAfterRate':
    'Figures are being recomputed after a rate change. Change the base currency when that has finished.',
  'base.recomputing': 'The figures are being recomputed right now; wait until that has finished.',
  'category.builtIn': '"{name}" is built in: it cannot be renamed, moved or deleted.',
  'category.intoItself': 'A category cannot be moved into itself or into one of its own subcategories.',
  'accountGroup.intoItself': 'A group cannot be moved into itself or into one of its own subgroups.',
  'transaction.bankDelete': 'Bank transactions cannot be deleted.',
  'import.importedAlready': 'This file was imported already.',
  'import.stillRunning': 'This import is still running; undo it once it has finished.',
  'import.undoneAlready': 'This import was undone already.',
  'idempotencyKey.running': 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
  'import.tooManyPending':
    'You have {max} files uploaded and not imported. Import or remove one of them first; an upload not imported is removed a day after it was sent.',

  // Backup documents
  'backup.version': 'Only version {version} backups can be restored',
  'backup.repeatedId': 'Id {id} appears more than once',
  'backup.missingParent': 'No item of {part} has id {id}',
  'backup.parentCircle': 'The parents go round in a circle',
  'backup.missingGroup': 'No account group has id {id}',
  'backup.otherCategory': 'Exactly one category must be the internal "Other"',
  'backup.repeatedDefaultKey': 'Two categories have this default key',
  'backup.missingCategory': 'No category has id {id}',
  'backup.missingTransaction': 'No transaction has id {id}',
  'backup.missingAccount': 'No account has id {id}',
  'backup.missingBudget': 'No budget has id {id}',
  'backup.missingTag': 'No tag has id {id}',
  'backup.repeatedTagName': 'Two tags have this name (whatever the case)',
  'backup.repeatedExternalId': 'Two transactions of the account have this external id',
  'backup.transferIdRequired': 'A transfer between accounts needs its transferId',
  'backup.transferLegs': 'Transfer {id} must have exactly two legs',
  'backup.transferTypes': 'A transfer pairs an expense with an income',
  'backup.transferAccounts': 'The legs of a transfer are on different accounts',
  'backup.transferNatures': 'Both legs of a transfer are transfers between accounts',
  'backup.refund': 'A refund is an income that is no transfer, of an expense that is no transfer',
} as const;

export type IssueCode = keyof typeof ISSUE_MESSAGES;
export const ISSUE_CODES = Object.keys(ISSUE_MESSAGES) as IssueCode[];

/** The names of the fields a `{field}` parameter names, as the English messages write them. */
export const ISSUE_FIELDS = {
  name: 'Name',
  username: 'Username',
  note: 'Note',
  icon: 'Icon',
  search: 'Search',
  defaultKey: 'Default key',
  externalId: 'External id',
  apiKey: 'API key',
  secretKey: 'Secret key',
  value: 'Value',
} as const;
export type IssueField = keyof typeof ISSUE_FIELDS;

/** The `{name}`s of a template. */
type ParamNames<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** What an issue's template takes: `{field}` one of ISSUE_FIELDS, any other a text or a number. */
export type IssueParams<C extends IssueCode = IssueCode> = {
  [Name in ParamNames<(typeof ISSUE_MESSAGES)[C]>]: Name extends 'field' ? IssueField : string | number;
};

/** An issue by its code: what the web translates. */
export type CodedIssue = { code: IssueCode; params: Record<string, string | number> };

/** The English message of an issue. */
export function issueMessage(code: IssueCode, params: Record<string, string | number> = {}): string {
  return ISSUE_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === 'field' ? (ISSUE_FIELDS[value as IssueField] ?? String(value)) : String(value);
  });
}

/** The params argument of a function taking an issue code: none where the template takes none. */
export type IssueParamsArgument<C extends IssueCode> = keyof IssueParams<C> extends never ? [] : [IssueParams<C>];

/** An issue with its English message made from the code: what a job stores about a problem. */
export function describedIssue<C extends IssueCode>(code: C, ...[params]: IssueParamsArgument<C>) {
  const values: Record<string, string | number> = params ?? {};
  return { code, params: values, message: issueMessage(code, values) };
}

/** An issue at `path` of a request, its English message made from the code. */
export function issueAt<C extends IssueCode>(path: string, code: C, ...params: IssueParamsArgument<C>) {
  return { path, ...describedIssue(code, ...params) };
}

/** The key under which a zod issue raised by a shared schema carries its code and parameters. */
export const CODED_ISSUE_KEY = 'coded';

type RawIssue = { input?: unknown; [CODED_ISSUE_KEY]?: CodedIssue };

/**
 * What a schema or check of the contract says when it fails, by code: `.min(1, issue('name.required'))`.
 * zod calls it as the error map of that check; it leaves the code and parameters on the issue (zod
 * keeps an issue's own keys), where the server's error handler reads them, and answers the message.
 * `params` may be worked out from the issue (the value refused is `issue.input`).
 */
export function issue<C extends IssueCode>(
  code: C,
  ...[params]: keyof IssueParams<C> extends never ? [] : [IssueParams<C> | ((raw: RawIssue) => IssueParams<C>)]
) {
  return {
    error: (raw: RawIssue) => {
      const values: Record<string, string | number> = (typeof params === 'function' ? params(raw) : params) ?? {};
      raw[CODED_ISSUE_KEY] = { code, params: values };
      return speak({ code, params: values });
    },
  };
}

/** An issue for `ctx.addIssue` of a refinement: its code, parameters and English message. */
export function customIssue<C extends IssueCode>(code: C, ...[params]: IssueParamsArgument<C>) {
  const values: Record<string, string | number> = params ?? {};
  const coded = { code, params: values };
  return { code: 'custom' as const, message: speak(coded), [CODED_ISSUE_KEY]: coded };
}

/** The code and parameters a zod issue of a shared schema carries, if it does. */
export function codedIssueOf(issue: object): CodedIssue | undefined {
  const coded = (issue as RawIssue)[CODED_ISSUE_KEY];
  return coded && coded.code in ISSUE_MESSAGES ? coded : undefined;
}

let speak: (issue: CodedIssue) => string = ({ code, params }) => issueMessage(code, params);

/**
 * Who words the schemas' messages: English (`issueMessage`) unless a client speaks another language,
 * as the web does through its catalogue, like zod's own `config(locale)`. The server never calls it.
 */
export function speakIssues(words: (issue: CodedIssue) => string): void {
  speak = words;
}
