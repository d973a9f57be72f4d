/**
 * Snippet of packages/executor/README.md: a misconfigured executor throws at construction.
 * Importing this module throws that error (the test imports it and checks the message).
 */
import { createExecutor } from '@dexter/executor';
import { getFinancials, ui } from './pkg-executor-fixtures';

const tools = [getFinancials];

// #region misconfigured
// @ts-expect-error `prompter` is no option: TypeScript says so, plain JavaScript learns it at run time
createExecutor({ tools, prompter: ui });
// ExecutorError: createExecutor: unknown option `prompter`. Did you mean `approvals`? Known options: tools, …
// (error.code === 'invalid_option', error.option === 'prompter')
// #endregion misconfigured
