/**
 * The fields a landmark is found by, as bits in the index, with how much a match in each counts.
 * A name or alias typed as one word ("tajmahal", "notredame") is indexed as a field of its own,
 * so that it counts a little less than the words as written but still more than the place.
 */
export const searchFields = {
  name: { bit: 1, weight: 1 },
  alias: { bit: 2, weight: 0.9 },
  city: { bit: 4, weight: 0.6 },
  region: { bit: 8, weight: 0.5 },
  country: { bit: 16, weight: 0.4 },
  joinedName: { bit: 32, weight: 0.8 },
  joinedAlias: { bit: 64, weight: 0.7 },
} as const;

export type SearchField = keyof typeof searchFields;

/**
 * The best field's weight for each mask, worked out once: a query counts every posting of its
 * words, 13,000 for a common word at 100k landmarks, and going through the fields for each took
 * most of its time.
 */
const bestWeightOfMask = Float64Array.from({ length: 1 << Object.keys(searchFields).length }, (_, mask) => {
  let best = 0;
  for (const { bit, weight } of Object.values(searchFields)) if (mask & bit && weight > best) best = weight;
  return best;
});

/** The weight of the best field among those set in `mask`. */
export const bestFieldWeight = (mask: number): number => bestWeightOfMask[mask] ?? 0;
