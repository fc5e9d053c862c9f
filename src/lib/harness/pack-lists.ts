/**
 * O5: the packs — each a list of rule ids — with a line each for a person choosing one. Kept apart
 * from the rules themselves (rule-packs.ts) so the page can name the packs without loading the loop.
 */
/** The rules both profiles' packs share. */
const shared = [
  'tool-after-rejection',
  'keep-tests',
  'example-recital',
  'delegated-call',
  'repeat-breaker',
  'no-news',
  'described-call',
  'child-reads-first',
  'echoed-answer',
  'output-first',
  'task-example',
  'asked-file',
  'claimed-change',
  'implied-check',
];

/** Every rule tuned on Qwen2.5-Coder-1.5B sessions: round four's default pack. */
const tunedOn15b = [...shared, 'read-first'];

export const packs: Readonly<Record<string, readonly string[]>> = {
  /**
   * The rules that showed more wins than losses on the dev split in docs/rules.md (Qwen2.5-Coder-1.5B:
   * bare against pile, and a trial against the kept set); a unit test holds this list to its verdicts.
   */
  default: ['tool-after-rejection', 'no-news', 'asked-file', 'claimed-change', 'named-files'],
  /** Round four's default pack, whole: the "pile" arm of an ablation, kept as it was run. */
  pile: tunedOn15b,
  /**
   * Opt-in: every rule tuned on sessions of Qwen2.5-Coder-1.5B, including those the ablation moved
   * out of the default pack (they never acted there, or showed no more wins than losses).
   */
  'qwen2.5-coder-1.5b': tunedOn15b,
  small: [
    ...shared,
    'small-profile',
    'named-files',
    'finish-on-repeat',
    'circle-stop',
    'tests-pass-stop',
    'read-before-write',
    'keep-lines',
    'npm-test',
    'same-result',
  ],
  bare: [],
};

export const packNames = Object.keys(packs);

/** One line per pack, for a person choosing one (Settings). */
export const packLabels: Readonly<Record<string, string>> = {
  default: 'default: the rules the dev split kept (ablation and trials)',
  pile: "pile: round four's default pack, every rule",
  'qwen2.5-coder-1.5b': 'qwen2.5-coder-1.5b: every rule tuned on that model',
  small: "small: the small-model profile's rules",
  bare: 'bare: no heuristic rule, the loop alone',
};

/** Every rule id some pack lists: what a pack expression may add. */
const packRuleIds = new Set(Object.values(packs).flat());

/**
 * O5: the rule ids of a pack, or of a pack expression — a pack with rules added, "default+asked-file" —
 * so an ablation arm can try one rule on top of the kept set without a pack of its own. Undefined
 * for a name that is neither (an unknown pack or rule).
 */
export function packRules(name: string | undefined): readonly string[] | undefined {
  if (name === undefined) return undefined;
  const base = name.split('+')[0]!;
  const added = addedRules(name);
  if (!Object.hasOwn(packs, base) || added.some((id) => !packRuleIds.has(id))) return undefined;
  return [...new Set([...packs[base]!, ...added])];
}

/** The rule ids a pack expression adds to its pack ("default+asked-file": asked-file; a pack name: none). */
export function addedRules(name: string): string[] {
  return name.split('+').slice(1);
}

export function isPack(name: string | undefined): name is string {
  return packRules(name) !== undefined;
}
