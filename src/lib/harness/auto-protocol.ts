/**
 * T6: what protocol "auto" uses, and why, in words a person reads in Settings and in the run's
 * events. A profile may name the protocol it was measured to work best with (profile-protocols.json,
 * written by scripts/profile-protocols.ts from the committed eval results); otherwise the model's
 * own capabilities decide: native tool calls when it lists "tools", the text protocol when not
 * or when the server cannot say.
 */
import type { HarnessProfile, Protocol } from './settings';
import measured from './profile-protocols.json';

export interface ProfileProtocol {
  protocol: Protocol;
  /** The passes per protocol behind the choice, for the reason: "constrained 3/12, text 2/12, …". */
  evidence: string;
  /** The result files it was measured on. */
  from: string[];
}

export const profileProtocols = measured as Partial<Record<HarnessProfile, ProfileProtocol>>;

/** What is known of the model: nothing (no server yet), or what the server said. */
export type ModelKnowledge =
  | { known: false; why: string }
  | { known: true; name: string; capabilities: readonly string[]; capabilitiesUnknown?: boolean };

/** "the small profile works best with constrained (measured: …)", or undefined when it names none. */
export function measuredProtocolLine(profile: HarnessProfile): string | undefined {
  const best = profileProtocols[profile];
  return best && `the ${profile} profile works best with ${best.protocol} (measured: ${best.evidence})`;
}

export function autoProtocol(profile: HarnessProfile, model: ModelKnowledge): { protocol: Protocol; reason: string } {
  const best = profileProtocols[profile];
  const nativeOk = model.known && !model.capabilitiesUnknown && model.capabilities.includes('tools');
  // Native needs a model that takes tool calls; text and constrained output work with any.
  if (best && (best.protocol !== 'native' || nativeOk))
    return {
      protocol: best.protocol,
      reason: measuredProtocolLine(profile)!,
    };
  if (!model.known) return { protocol: 'text', reason: `capabilities unknown (${model.why}); using the text protocol` };
  if (model.capabilitiesUnknown)
    return {
      protocol: 'text',
      reason:
        `the server does not say whether ${model.name} takes tool calls; ` +
        'using the text protocol (choose native to try)',
    };
  return nativeOk
    ? { protocol: 'native', reason: `${model.name} lists the "tools" capability` }
    : { protocol: 'text', reason: `${model.name} does not list "tools"; using the text protocol` };
}
