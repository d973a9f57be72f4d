// @dexter/dbos: Durable model turns on DBOS Transact: each tool call a checkpointed step, each approval a durable wait.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/dbos';
