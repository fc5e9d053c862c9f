/** O2 O5: every task of the generated pool, on the directory workspace (suite-cases.ts says what is checked). */
import { describe } from 'vitest';
import { checkTasks, poolTasks } from './suite-cases';

describe('O2 O5 the task pool (directory)', () => checkTasks(poolTasks, 'directory'));
