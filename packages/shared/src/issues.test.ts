import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './auth.ts';
import { backupDocumentSchema } from './backup.ts';
import { validationIssueSchema } from './envelope.ts';
import { idSchema } from './ids.ts';
import { codedIssueOf, ISSUE_MESSAGES, issueAt, issueMessage } from './issues.ts';
import { timeZoneSchema } from './settings.ts';

describe('the catalogue of issues', () => {
  it('makes the English message from the code and its parameters, a field by its name', () => {
    expect(issueMessage('username.tooShort', { min: 3 })).toBe('Username must be at least 3 characters');
    expect(issueMessage('text.brokenCharacter', { field: 'apiKey' })).toBe('API key holds a broken character');
    expect(issueAt('to', 'range.tooLong', { max: 366 })).toEqual({
      path: 'to',
      code: 'range.tooLong',
      params: { max: 366 },
      message: 'The range may cover at most 366 days',
    });
  });

  it('gives every code a template of its own', () => {
    const templates = Object.values(ISSUE_MESSAGES);
    expect(Object.keys(ISSUE_MESSAGES).length).toBeGreaterThan(100);
    expect(templates.filter((template, index) => templates.indexOf(template) !== index)).toEqual([
      // The backup's rule and the link's rule say the same of two different requests.
      'A transfer pairs an expense with an income',
    ]);
  });
});

describe('a shared schema’s issue', () => {
  it('carries its code and parameters beside the English message', () => {
    const issues = registerBodySchema.safeParse({ username: 'ab', password: 'password' }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.message, codedIssueOf(issue)])).toEqual([
      ['Username must be at least 3 characters', { code: 'username.tooShort', params: { min: 3 } }],
      [
        'This password is one of the most common ones. Choose one that is harder to guess',
        { code: 'password.common', params: {} },
      ],
    ]);
  });

  it('works its parameters out of the value refused, and in refinements that add their own issues', () => {
    const [zone] = timeZoneSchema.safeParse('Mars/Olympus').error?.issues ?? [];
    expect(codedIssueOf(zone!)).toEqual({ code: 'timeZone.unknown', params: { timeZone: 'Mars/Olympus' } });
    const [version] = backupDocumentSchema.safeParse({ version: 9 }).error?.issues ?? [];
    expect([version?.message, codedIssueOf(version!)]).toEqual([
      'Only version 1 backups can be restored',
      { code: 'backup.version', params: { version: 1 } },
    ]);
  });

  it('leaves zod’s own checks without a code: the server names them by zod’s issue code', () => {
    const strict = registerBodySchema.strict();
    const [own] = strict.safeParse({ username: 'abc', password: 'long enough 1', x: 1 }).error?.issues ?? [];
    expect([own?.code, own && codedIssueOf(own)]).toEqual(['unrecognized_keys', undefined]);
    const [id] = idSchema.safeParse('01').error?.issues ?? [];
    expect(codedIssueOf(id!)?.code).toBe('value.id');
  });

  it('fits the envelope’s details', () => {
    expect(validationIssueSchema.parse(issueAt('amount', 'amount.tooLarge', { max: '1' }))).toBeTruthy();
  });
});
