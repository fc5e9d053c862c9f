/**
 * T1: a tool is declared once. The same object drives the prompt text, the native tool-call
 * definition, validation and the UI. Read tools get a read-only workspace by type, so that
 * read-only mode and subagents are enforced by the compiler, not by an `if` (DESIGN.md rule 4).
 */
import type { ReadonlyWorkspace, Workspace } from '../workspace-types';
import type { Outcome } from '../outcome';
import { bounds } from '../bounds';

/** The subset of JSON Schema the declarations use (draft 2020-12 compatible). */
export interface ArgumentSchema {
  type: 'object';
  properties: Record<string, PropertySchema>;
  required: string[];
  additionalProperties: false;
}

export interface PropertySchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  /** Every string argument is bounded (what the model controls is bounded). */
  maxLength?: number;
  enum?: string[];
  /** A regular expression the value must match (the small profile's grammar, O4). */
  pattern?: string;
  items?: { type: string };
}

export interface ToolResult {
  ok: boolean;
  /** What the model reads (clipped by the loop, C1). */
  output: string;
  exitCode?: number;
  /** Workspace files this call read or changed (memory.files, C2 invalidation). */
  touched?: string[];
  /** Files whose content this call changed. */
  changed?: string[];
  /** Files this call made: nothing was at their path before it. */
  created?: string[];
  /** Lines a whole-file write dropped from what the file had (write_file names them in `output`). */
  droppedLines?: number;
  /** A note for the session memory (S3). */
  note?: string;
  /** A note for the workspace's long-term memory file (S5). */
  longTermNote?: string;
  childSessionId?: string;
}

export interface DelegateRequest {
  task: string;
  maxSteps: number;
  /** The parent's step, for the events that frame the child's run. */
  step: number;
}

export interface DelegateResult {
  outcome: Outcome;
  steps: number;
  childSessionId: string;
  /** Whether any of the child's tool calls worked: an answer without one is not from the workspace. */
  read?: boolean;
}

export interface ReadToolContext {
  workspace: ReadonlyWorkspace;
  step: number;
  signal: AbortSignal;
  onOutput: (chunk: string) => void;
  /** Present only where delegation is allowed (depth below the maximum). */
  delegate?: (request: DelegateRequest) => Promise<DelegateResult>;
  /** L1: when the run's wall-time limit ends (epoch ms); commands are given no longer than that. */
  deadline?: number;
}

export interface WriteToolContext extends Omit<ReadToolContext, 'workspace'> {
  workspace: Workspace;
}

interface ToolBase<Args> {
  name: string;
  /** One line, for the prompt and native declarations. */
  description: string;
  parameters: ArgumentSchema;
  /** Risky tools go through approval (T4). */
  risky: boolean;
  /** For a tool whose risk depends on its arguments: risky for these calls. */
  riskyWhen?(args: Args): boolean;
  /**
   * The shape of a call, shown in prompts and in every validation error: paths the run points at
   * its own files, texts the model writes itself as `<placeholders>` (prompt/workspace-examples.ts).
   */
  example: Args;
}

export interface ReadTool<Args = Record<string, unknown>> extends ToolBase<Args> {
  access: 'read';
  /** Checks that need the workspace (path kinds, …); resolves to an error text or null. */
  check?(args: Args, context: ReadToolContext): Promise<string | null>;
  run(args: Args, context: ReadToolContext): Promise<ToolResult>;
}

export interface WriteTool<Args = Record<string, unknown>> extends ToolBase<Args> {
  access: 'write';
  check?(args: Args, context: ReadToolContext): Promise<string | null>;
  /** A unified diff of what the call would change, shown when asking for approval. */
  preview?(args: Args, context: ReadToolContext): Promise<string | undefined>;
  run(args: Args, context: WriteToolContext): Promise<ToolResult>;
}

// Arguments are validated against the schema before use, so `any` here is bounded by it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ReadTool<any> | WriteTool<any>;

export function stringProperty(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'string', description, maxLength: bounds.shortArgumentChars, ...extra };
}

/** A string argument that carries file content (write_file, patch_file): bounded higher. */
export function textProperty(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return stringProperty(description, { maxLength: bounds.argumentChars, ...extra });
}

export function integerProperty(description: string, extra: Partial<PropertySchema> = {}): PropertySchema {
  return { type: 'integer', description, ...extra };
}

export function objectSchema(properties: Record<string, PropertySchema>, required: string[]): ArgumentSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}
