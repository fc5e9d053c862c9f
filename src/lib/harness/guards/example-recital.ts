/**
 * T5: the prompt's examples called one after another, as if they were the task's plan. A call
 * that copies an example's placeholder is refused with what the model needs to write the real
 * text: the task, the last command that failed and what it said, and the file the call names as
 * it is now. An example of a tool that changes something, copied word for word right after such a
 * refusal, is refused as more of the same; a read that is its example is work and runs.
 * `recitalBeforeStop` such refusals in a row end the run with a `repeats` limit.
 */
import type { Rule } from '../rules/rule';
import type { CallFact } from '../facts/run-facts';
import type { ToolCall } from '../model-types';
import type { StepScope } from '../step-scope';
import type { AnyTool } from '../tools/tool-definition';
import { asRecord } from '../tool-executor';
import { placeholderArgument } from '../tools/workspace-examples';
import { calledPath } from '../facts/called-path';
import { cutText } from '../tools/read-header';
import { stableJson } from '../stable-json';
import { clipEnd } from '../context/clip';

/** Refusals in a row that end the run. */
export const recitalBeforeStop = 4;
/** The most of a file, and of a failed command's report, a refusal shows. */
const fileChars = 1500;
const failureLines = 4;
const lineChars = 160;

interface FailedCommand {
  command: string;
  lines: string[];
}

/**
 * The lines of a command's output that say what failed (Node's test runner, an assert, a stack's
 * head). Called for a run_shell result that ran (it starts with its exit code) and failed.
 */
function failureOf(call: CallFact): FailedCommand {
  const lines = call.content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /✖|fail|error|expected|!==|assert/i.test(line) && !/^ℹ/.test(line));
  const unique = [...new Set(lines)].slice(0, failureLines).map((line) => clipEnd(line, lineChars));
  return { command: clipEnd(String(call.args.command ?? ''), lineChars), lines: unique };
}

/** The call copies its tool's example: a placeholder in it, or every argument word for word. */
function copied(tool: AnyTool | undefined, call: ToolCall): { placeholder?: string } | undefined {
  if (!tool) return undefined;
  const args = asRecord(call.arguments);
  const placeholder = placeholderArgument(tool, args);
  if (placeholder !== undefined) return { placeholder };
  return stableJson(args) === stableJson(tool.example) ? {} : undefined;
}

/** The file the call names, as it is now (bounded), or '' when there is none. */
async function fileNow(call: ToolCall, { context }: StepScope): Promise<string> {
  const path = calledPath(call);
  if (path === undefined) return '';
  const text = await context.options.workspace.readFile(path).catch(() => undefined);
  if (text === undefined) return '';
  return `${path} holds now:\n${cutText(text, fileChars).text}\n`;
}

/** What the model had before it turned to the examples: the task, and what failed last. */
function whereItStands(task: string, failed: FailedCommand | undefined): string {
  const said = failed?.lines.length ? `:\n${failed.lines.join('\n')}` : '';
  const report = failed ? `The last command that failed: \`${failed.command}\`${said}\n` : '';
  return `The task: ${clipEnd(task, 400)}\n${report}`;
}

const whatToWrite: Record<string, string> = {
  patch_file: 'old_text is the exact lines to change, copied from the file; new_text is what they become.',
  write_file: 'content is the whole new text of the file.',
};

const id = 'example-recital';

export const exampleRecital: Rule = {
  id,
  principle:
    "A call that copies an example's placeholder, or recites examples one after another, is refused with " +
    'the task and the last failure.',
  layer: 'pack',
  decides: true,
  reads: ['task', 'calls', 'tools', 'workspace'],
  priority: 160,
  async beforeTool(call, scope) {
    const tool = scope.setup.tools.find((each) => each.name === call.name);
    const copy = copied(tool, call);
    const before = scope.facts.trailing((each) => each.refusedBy === id);
    // A read that is its example (list ".", read the example's file) is work, even mid-recital.
    const more = copy?.placeholder === undefined && before > 0 && tool?.access === 'write';
    if (!copy || (copy.placeholder === undefined && !more)) return undefined;
    const form =
      'The examples in your instructions show how each tool is called; they are not the steps of this task, ' +
      'and the tools after this one in the list are not a plan either.';
    const head =
      copy.placeholder !== undefined
        ? `error: '${copy.placeholder}' is the example's placeholder for ${call.name}, copied word for word, ` +
          `so nothing ran. ${form}`
        : `error: this ${call.name} call is its example in your instructions, word for word, right after ` +
          `${before} other example call${before === 1 ? '' : 's'}; nothing ran. ${form}`;
    const write = whatToWrite[call.name] ? `${whatToWrite[call.name]}\n` : '';
    const file = await fileNow(call, scope);
    // The last command that ran (its result starts with its exit code): its failure, if it failed.
    const last = scope.facts.lastCommand;
    const stands = whereItStands(scope.facts.task, last && !last.ok ? failureOf(last) : undefined);
    return `${head}\n${stands}${file}${write}Decide the next step from what you have read.`;
  },
  afterTools(_round, { facts }) {
    const refused = facts.trailing((each) => each.refusedBy === id);
    if (refused < recitalBeforeStop) return undefined;
    return {
      kind: 'stop',
      outcome: {
        kind: 'limit',
        limit: 'repeats',
        message: `the model copied the instructions' tool examples ${refused} times in a row`,
      },
    };
  },
};
