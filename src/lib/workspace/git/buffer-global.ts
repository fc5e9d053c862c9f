/**
 * isomorphic-git uses Node's Buffer; browsers have none. Importing this module first provides
 * the `buffer` package's implementation (a no-op in Node, which has its own).
 */
import { Buffer } from 'buffer';

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
