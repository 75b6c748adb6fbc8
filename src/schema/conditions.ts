/**
 * The condition vocabulary: one condition per report, each with the number of days a report of it
 * stays current after its last confirmation. Closures change fast, scaffolding slowly; the expiry
 * says how long a sighting can be trusted without a new one.
 */
export const conditionExpiryDays = {
  open: 60,
  closed: 14,
  partially_closed: 30,
  restricted_access: 30,
  refurbishment: 90,
  scaffolding: 90,
  view_obstructed: 60,
} as const;

export type Condition = keyof typeof conditionExpiryDays;

export const conditions = Object.keys(conditionExpiryDays) as [Condition, ...Condition[]];

/** What each condition means, for people and for generated documentation. */
export const conditionMeanings: Record<Condition, string> = {
  open: 'visited recently with nothing to report',
  closed: 'closed to visitors',
  partially_closed: 'some areas or parts closed',
  restricted_access: 'open with limits: timed entry, exterior only, guided only',
  refurbishment: 'renovation works under way, may still be open',
  scaffolding: 'scaffolding, wrapping or netting on the structure',
  view_obstructed: 'the classic view is blocked (cranes, hoarding, works)',
};
