/** SPEC §9: money travels and is stored in minor units; display divides by this factor. */
export const MINOR_UNIT_FACTOR = 100;

/** Largest amount accepted anywhere, in minor units: far above any real balance, far below 2^53. */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000_000;

/**
 * Major units (what a person types) to minor units. SPEC §5: multiply by 100 and round,
 * the single place where rounding happens on the way in.
 */
export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_UNIT_FACTOR);
}

/** Minor units to major units, for display and form fields only. */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_UNIT_FACTOR;
}
