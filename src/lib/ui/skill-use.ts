/** P5 for the page: the session's skills and the steps at which the model loaded each. */
import type { HarnessEvent } from '../harness/events';

export interface SkillUse {
  name: string;
  description: string;
  path: string;
  /** Step numbers (as the events count them) of each load_skill call that named it. */
  loadedAt: number[];
}

export function skillUse(events: readonly HarnessEvent[], sessionId: string | undefined): SkillUse[] {
  const skills = new Map<string, SkillUse>();
  const asked = new Map<string, string>(); // callId → the skill named by a load_skill call
  for (const event of events) {
    if (event.sessionId !== sessionId) continue;
    if (event.type === 'skills.listed')
      for (const skill of event.skills) if (!skills.has(skill.name)) skills.set(skill.name, { ...skill, loadedAt: [] });
    if (event.type === 'tool.started' && event.tool === 'load_skill') asked.set(event.callId, String(event.args.name));
    if (event.type === 'tool.finished' && event.tool === 'load_skill' && event.ok)
      skills.get(asked.get(event.callId) ?? '')?.loadedAt.push(event.step);
  }
  return [...skills.values()];
}
