/** Levenshtein distance, enough to spot "clsoed" for "closed" or "eifel-tower" for "eiffel-tower". */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The closest candidate, when it is close enough to be a likely typo. */
export function nearest(value: string, candidates: readonly string[]): string | undefined {
  const wanted = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(2, Math.floor(wanted.length / 3));
  return bestDistance <= tolerance ? best : undefined;
}

export function didYouMean(value: string, candidates: readonly string[]): string {
  const suggestion = nearest(value, candidates);
  return suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
}
