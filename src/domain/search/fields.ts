/** The fields a landmark is found by, as bits in the index, with how much a match in each counts. */
export const searchFields = {
  name: { bit: 1, weight: 1 },
  alias: { bit: 2, weight: 0.9 },
  city: { bit: 4, weight: 0.6 },
  region: { bit: 8, weight: 0.5 },
  country: { bit: 16, weight: 0.4 },
} as const;

export type SearchField = keyof typeof searchFields;

/** The weight of the best field among those set in `mask`. */
export function bestFieldWeight(mask: number): number {
  let best = 0;
  for (const { bit, weight } of Object.values(searchFields)) if (mask & bit && weight > best) best = weight;
  return best;
}
