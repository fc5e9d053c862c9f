/** T3: every call is checked before it runs; each error carries the correct usage. */
import { describedArgument, placeholderArgument } from './workspace-examples';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from './ajv';
import type { AnyTool, ReadToolContext } from './tool-definition';
import { describeFailure } from '../workspace-error';
import { boundedName } from '../bounds';

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<AnyTool, ValidateFunction>();

export type Validation =
  { ok: true; tool: AnyTool; args: Record<string, unknown> } | { ok: false; tool?: AnyTool; error: string };

function validatorFor(tool: AnyTool): ValidateFunction {
  let validate = compiled.get(tool);
  if (!validate) {
    validate = ajv.compile(tool.parameters);
    compiled.set(tool, validate);
  }
  return validate;
}

/** Models send arguments as an object, a JSON string, or nothing at all. */
function normalizeArguments(raw: unknown): Record<string, unknown> | string {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'string') {
    try {
      return normalizeArguments(JSON.parse(raw));
    } catch {
      return 'arguments are a string that is not a JSON object';
    }
  }
  if (typeof raw !== 'object' || Array.isArray(raw))
    return `arguments must be a JSON object, got ${Array.isArray(raw) ? 'an array' : typeof raw}`;
  return { ...(raw as Record<string, unknown>) };
}

/** Small models write numbers as strings ("start": "10"); accept exactly that, nothing looser. */
function coerceAndDefault(tool: AnyTool, args: Record<string, unknown>): void {
  for (const [key, property] of Object.entries(tool.parameters.properties)) {
    const value = args[key];
    if (value === undefined && property.default !== undefined) args[key] = property.default;
    if (
      (property.type === 'integer' || property.type === 'number') &&
      typeof value === 'string' &&
      /^-?\d+(\.\d+)?$/.test(value.trim())
    ) {
      args[key] = Number(value);
    }
  }
}

function describeSchemaError(tool: AnyTool, error: ErrorObject): string {
  const field = error.instancePath.replace(/^\//, '');
  switch (error.keyword) {
    case 'required':
      return `missing required argument '${(error.params as { missingProperty: string }).missingProperty}'`;
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return `unknown argument '${extra}' (allowed: ${Object.keys(tool.parameters.properties).join(', ')})`;
    }
    case 'minLength':
      return `'${field}' must not be empty`;
    case 'maxLength':
      return (
        `'${field}' is longer than ` +
        `${(error.params as { limit: number }).limit} characters; split the ` +
        `work into smaller calls`
      );
    case 'type': {
      const type = (error.params as { type: string }).type;
      return `'${field}' must be ${type === 'integer' ? 'an integer' : `a ${type}`}`;
    }
    case 'minimum':
    case 'maximum':
      return `'${field}' ${error.message ?? 'is out of range'}`;
    case 'enum':
      return `'${field}' must be one of ${(error.params as { allowedValues: string[] }).allowedValues.join(', ')}`;
    default:
      return `'${field || 'arguments'}' ${error.message ?? 'is invalid'}`;
  }
}

export function usageError(tool: AnyTool, problem: string, formatExample: (tool: AnyTool) => string): string {
  return `error: invalid arguments for ${tool.name}: ${problem}\nexample: ${formatExample(tool)}`;
}

export async function validateCall(options: {
  tools: Map<string, AnyTool>;
  name: string;
  rawArguments: unknown;
  context: ReadToolContext;
  formatExample: (tool: AnyTool) => string;
  unavailableReason?: (name: string) => string | undefined;
}): Promise<Validation> {
  const { tools, name, formatExample } = options;
  const tool = tools.get(name);
  if (!tool) {
    const why = options.unavailableReason?.(name);
    const available = [...tools.keys()].join(', ');
    const shown = boundedName(name);
    return {
      ok: false,
      error: `error: unknown tool '${shown}'${why ? ` (${why})` : ''}. Available tools: ${available}.`,
    };
  }
  const args = normalizeArguments(options.rawArguments);
  if (typeof args === 'string') return { ok: false, tool, error: usageError(tool, args, formatExample) };
  coerceAndDefault(tool, args);
  const validate = validatorFor(tool);
  if (!validate(args)) {
    const problems = [...new Set((validate.errors ?? []).map((error) => describeSchemaError(tool, error)))];
    return { ok: false, tool, error: usageError(tool, problems.join('; '), formatExample) };
  }
  const copied = placeholderArgument(tool, args);
  if (copied) {
    const problem = `'${copied}' is the example's placeholder, not a value: put the real text there`;
    return { ok: false, tool, error: usageError(tool, problem, formatExample) };
  }
  const described = describedArgument(args);
  if (described) {
    const problem =
      `'${described}' describes the text in angle brackets instead of being it: find out what it is ` +
      `(run the command, read the file), then put that exact text there`;
    return { ok: false, tool, error: usageError(tool, problem, formatExample) };
  }
  if (tool.check) {
    let problem: string | null;
    try {
      problem = await tool.check(args, options.context);
    } catch (error) {
      problem = describeFailure(error);
    }
    if (problem) return { ok: false, tool, error: usageError(tool, problem, formatExample) };
  }
  return { ok: true, tool, args };
}
