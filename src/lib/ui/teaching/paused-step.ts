/**
 * U3: the request a step-mode pause holds, as a teaching step, so the Slots view can
 * split it into its five slots before it is sent (it is not in the events yet).
 */
import type { StepPause } from '../../harness/step-gate';
import type { TeachingStep } from './step-index';

/** The paused request as the step after the `count` already sent; undefined unless paused before a request. */
export function pausedRequestStep(pause: StepPause | undefined, count: number): TeachingStep | undefined {
  if (pause?.at !== 'request') return undefined;
  const number = count + 1;
  return {
    number,
    runStep: pause.step,
    eventIndex: -1,
    itemsBefore: 0,
    request: {
      step: number,
      runStep: pause.step,
      messages: pause.messages,
      kept: 0,
      ...(pause.tools ? { tools: pause.tools } : {}),
      ...(pause.format ? { format: pause.format } : {}),
    },
    sections: pause.sections,
    filesChangedAt: 0,
  };
}
