import { z } from 'zod';
import { readAmount } from './money.ts';

/** What stops a form from being sent: a field each, with what is wrong with it. */
export type FieldProblems<Field extends string> = Array<[Field, string]>;

/** The positive amount a field must hold; otherwise its problem (or `missing`, when empty) is noted. */
export function requireAmount<Field extends string>(
  text: string,
  field: Field,
  missing: string,
  problems: FieldProblems<Field>,
): number | undefined {
  const { minor, problem } = readAmount(text, { positive: true });
  if (problem !== null) problems.push([field, problem]);
  else if (minor === null) problems.push([field, missing]);
  else return minor;
  return undefined;
}

/** Fails a form's check, with the first problem of each field on that field. */
export function failWith<Field extends string, Values>(
  ctx: z.RefinementCtx<Values>,
  problems: FieldProblems<Field>,
): never {
  const placed = new Set<Field>();
  for (const [field, message] of problems) {
    if (placed.has(field)) continue;
    placed.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
  return z.NEVER;
}
