// @dexter/web-tools: web_search over a provider fallback chain and an SSRF-guarded web_fetch, as Dexter registry tools.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/web-tools';
