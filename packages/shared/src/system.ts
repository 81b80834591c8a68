import { z } from 'zod';

/** Whether anyone may sign up (`open`) or the operator has closed sign-up (REGISTRATIONS). */
export const REGISTRATION_MODES = ['open', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  /** The sign-up page says so when it is closed, before anyone fills it in. */
  registrations: z.enum(REGISTRATION_MODES),
});
export type Health = z.infer<typeof healthSchema>;
