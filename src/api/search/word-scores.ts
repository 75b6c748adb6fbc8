import { bestFieldWeight } from './fields.ts';
import { postingWidth } from './shard.ts';

/**
 * Each landmark's best score for one query term, in landmark order: three arrays side by side,
 * each landmark once. A common word is in a tenth of 100,000 landmarks, and a map entry per
 * posting took most of a query's time (13,000 postings, 4-5 ms in Node); postings come in
 * landmark order (shard.ts), so a term's words are merged, and a query's terms walked, in order.
 */
export interface WordScores {
  landmarks: number[];
  scores: number[];
  popularity: number[];
}

export const noScores = (): WordScores => ({ landmarks: [], scores: [], popularity: [] });

/** The landmarks of one indexed word, each scored by `matchWeight` and its best field. */
export function scoresOfPostings(postings: readonly number[], matchWeight: number): WordScores {
  const count = postings.length / postingWidth;
  const scores: WordScores = { landmarks: new Array<number>(count), scores: new Array<number>(count), popularity: new Array<number>(count) };
  for (let position = 0, offset = 0; position < count; position++, offset += postingWidth) {
    scores.landmarks[position] = postings[offset]!;
    scores.scores[position] = matchWeight * bestFieldWeight(postings[offset + 1]!);
    scores.popularity[position] = postings[offset + 2]!;
  }
  return scores;
}

/** Every landmark of any of `lists`, with its best score among them (the first list's on a tie). */
export function bestOfScores(lists: readonly WordScores[]): WordScores {
  // Merged in pairs, so that a prefix matching hundreds of words costs a few passes, not hundreds.
  let round = lists.filter((list) => list.landmarks.length > 0);
  while (round.length > 1) {
    const next: WordScores[] = [];
    for (let index = 0; index < round.length; index += 2) next.push(index + 1 < round.length ? mergedBest(round[index]!, round[index + 1]!) : round[index]!);
    round = next;
  }
  return round[0] ?? noScores();
}

function mergedBest(a: WordScores, b: WordScores): WordScores {
  const merged = noScores();
  const take = (from: WordScores, position: number) => {
    merged.landmarks.push(from.landmarks[position]!);
    merged.scores.push(from.scores[position]!);
    merged.popularity.push(from.popularity[position]!);
  };
  let inA = 0;
  let inB = 0;
  while (inA < a.landmarks.length || inB < b.landmarks.length) {
    const landmarkA = inA < a.landmarks.length ? a.landmarks[inA]! : Infinity;
    const landmarkB = inB < b.landmarks.length ? b.landmarks[inB]! : Infinity;
    if (landmarkA < landmarkB) take(a, inA++);
    else if (landmarkB < landmarkA) take(b, inB++);
    else {
      if (b.scores[inB]! > a.scores[inA]!) take(b, inB);
      else take(a, inA);
      inA++;
      inB++;
    }
  }
  return merged;
}

/** A walk through one term's scores for landmarks asked for in rising order: each step moves on from the last. */
export class ScoresWalk {
  readonly of: WordScores;
  #at = 0;

  constructor(of: WordScores) {
    this.of = of;
  }

  /** The position of `landmark` in the scores, or -1; `landmark` must not be below the last one asked for. */
  positionOf(landmark: number): number {
    const { landmarks } = this.of;
    while (this.#at < landmarks.length && landmarks[this.#at]! < landmark) this.#at++;
    return this.#at < landmarks.length && landmarks[this.#at] === landmark ? this.#at : -1;
  }
}
