// The demo scenario as durable turns on DBOS behind a small HTTP server: approvals answered by any process, tools run exactly once.
// Work in progress.
export {};
