import { describe, expect, it, vi } from 'vitest';

describe('the app under a policy without unsafe-eval', () => {
  it('has zod validate without compiling code, so it never tries eval', async () => {
    vi.resetModules();
    await import('./strict-csp');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ code: z.string().min(3), count: z.number() });
    expect(schema.safeParse({ code: 'K7M2Q9P', count: 2 }).success).toBe(true);
    expect(schema.safeParse({ code: 'K7', count: 2 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
