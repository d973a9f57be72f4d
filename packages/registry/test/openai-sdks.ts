/**
 * The `openai` majors the adapters are tested with: the peer range is `^6 || ^7`, because
 * `@openai/agents` brings `openai` 7 while hosts on 6 are common. The end-to-end tests run once
 * per major against the same local server.
 */
import OpenAI6 from 'openai';
import OpenAI7 from 'openai7';

/** The constructor the tests use; 7's is typed as 6's (the adapters only need `OpenAI*Capable`). */
export type OpenAISdk = typeof OpenAI6;

export const openAISdks: ReadonlyArray<readonly [label: string, sdk: OpenAISdk]> = [
  ['openai 6', OpenAI6],
  ['openai 7', OpenAI7 as unknown as OpenAISdk],
];
