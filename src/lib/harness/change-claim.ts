/**
 * L3 D1: whether an answer says it changed something ("Done: updated the config …"), read by
 * claimed-change and the outcome's flags (a run's own answer) and by delegate (a read-only
 * child's, which cannot have). No imports, so the tools may use it without depending on the loop.
 */

/** Any of the words or phrases, as whole words, in any case. */
const wordPattern = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'i');

/** Words in an answer that report a change made. */
const claimWords = wordPattern(
  'updated|added|fixed|changed|modified|wrote|written|created',
  'replaced|removed|deleted|appended|inserted|renamed|exported|patched|saved',
);
/** Words in an answer that say no change was needed or made. */
const noChangeWords = wordPattern(
  'already|no changes?|nothing (?:to|was|needed)|not (?:needed|necessary)',
  "did not|didn't|could not|couldn't|cannot|can't|unable",
);

export const claimsChange = (answer: string): boolean => claimWords.test(answer) && !noChangeWords.test(answer);
