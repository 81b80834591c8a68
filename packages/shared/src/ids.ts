import { z } from 'zod';

/** Every resource id is a positive integer (API.md "Ids"). Path and query params arrive as strings. */
export const idSchema = z.coerce.number<number>().int().positive().max(2_147_483_647);
export type Id = number;
