/**
 * How a source gave the end of a condition. GTFS-realtime learnt that clients confuse a firm date
 * with a guess; keeping the two apart lets a traveller weigh "reopens on 1 March" against
 * "reopens around 2030".
 */
export const untilKindMeanings = {
  announced: 'the source states the end date',
  estimated: 'the source gives an approximate end ("around 2030", "in spring"), written as the last day of that period',
} as const;

export type UntilKind = keyof typeof untilKindMeanings;

export const untilKinds = Object.keys(untilKindMeanings) as [UntilKind, ...UntilKind[]];

/**
 * The most days a `from` may precede `observedAt`: `from` says when an announced condition begins,
 * so one long before the observation is a typo or a condition that was already under way (then
 * observedAt is its start in this data set).
 */
export const maxFromBeforeObservedDays = 31;
