// The words live in the model so that the Worker's search page and the browser script say the same.
export { conditionInWords, conditionLabel, freshnessInWords } from '../../model/in-words.ts';
