/**
 * O4: what a harness profile changes, as values the loop and the prompt read — never a branch on
 * the profile's name. A profile shapes the tools offered and the prompt; the rules it turns on are
 * its pack (rule-packs.ts). Adding a profile is adding a row here and a pack there.
 */
import type { HarnessProfile } from './settings';

export interface ProfileShape {
  /** read_file shows lines without their numbers (a small model copies the numbers into its edits). */
  plainReads: boolean;
  /** Offers the slim tool set; the others stay callable by name, at no prompt cost. */
  slimTools: boolean;
  /** The prompt and the constrained grammar name the workspace's files (when they are few enough). */
  listsFiles: boolean;
  /** Tools are listed as `name(arguments): what it does`, not with each argument described. */
  briefToolLines: boolean;
  /** The sections after the tools: the environment alone, or with the examples and the repository. */
  sections: 'brief' | 'full';
  /** Which set of section templates the prompt uses. */
  templates: 'default' | 'small';
  /** The pack of rules a run gets when its settings name none (pack-lists.ts). */
  pack: string;
}

const shapes: Record<HarnessProfile, ProfileShape> = {
  default: {
    plainReads: false,
    slimTools: false,
    listsFiles: false,
    briefToolLines: false,
    sections: 'full',
    templates: 'default',
    pack: 'default',
  },
  // A model under about 1B parameters: a short prompt, a few tools, its files named up front.
  small: {
    plainReads: true,
    slimTools: true,
    listsFiles: true,
    briefToolLines: true,
    sections: 'brief',
    templates: 'small',
    pack: 'small',
  },
};

/** The shape of a profile; a name no profile has (a stored session from elsewhere) is the default. */
export function profileShape(profile: HarnessProfile | undefined): ProfileShape {
  return (profile && Object.hasOwn(shapes, profile) ? shapes[profile] : undefined) ?? shapes.default;
}
