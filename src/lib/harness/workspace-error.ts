/** The one error type workspace backends reject with; tools turn it into a tool result. */

export type WorkspaceErrorCode =
  | 'outside_root' // W3: `..`, an absolute path, or a link that leaves the root
  | 'not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'exists'
  | 'too_large'
  | 'io';

export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

export function isWorkspaceError(value: unknown): value is WorkspaceError {
  return value instanceof WorkspaceError;
}

/** A message for any failure inside a tool, without a stack trace. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
