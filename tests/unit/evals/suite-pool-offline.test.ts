/** O2 O5: every task of the generated pool, on the offline workspace (suite-cases.ts says what is checked). */
import { describe } from 'vitest';
import { checkTasks, poolTasks } from './suite-cases';

describe('O2 O5 the task pool (offline)', () => checkTasks(poolTasks, 'offline'));
