import { describe, expect, it } from 'vitest';

describe('README quick start', () => {
  it('runs the allowed call and denies the other two', async () => {
    const { results } = await import('./quick-start');
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'denied']);
    expect(results[0]?.output).toBe('hello\n');
    expect(results[2]?.content).toMatch(/secret|\.env/i);
  });
});
