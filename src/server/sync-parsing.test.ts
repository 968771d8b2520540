import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withSyncParsing } from './sync-parsing.js';

const t = initTRPC.create();
const procedure = withSyncParsing(t.procedure);

describe('procedures check their schemas synchronously first', () => {
  it('validates input and output without parseAsync, with the same answers and refusals', async () => {
    const input = z.object({ n: z.coerce.number().int().min(1) });
    const output = z.object({ doubled: z.number() });
    const inputAsync = vi.spyOn(input, 'parseAsync');
    const outputAsync = vi.spyOn(output, 'parseAsync');
    const router = t.router({
      double: procedure
        .input(input)
        .output(output)
        .query(({ input: { n } }) => ({ doubled: n * 2 })),
      broken: procedure.output(output).query(() => ({ doubled: 'two' }) as unknown as { doubled: number }),
    });
    const caller = t.createCallerFactory(router)({});

    expect(await caller.double({ n: 4 })).toEqual({ doubled: 8 });
    const refused = await caller.double({ n: 0 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect((refused as TRPCError).cause).toBeInstanceOf(z.ZodError);
    const invalidOutput = await caller.broken().catch((error: unknown) => error);
    expect((invalidOutput as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect(inputAsync).not.toHaveBeenCalled();
    expect(outputAsync).not.toHaveBeenCalled();
    // The procedure keeps the schema itself (the OpenAPI document reads it).
    expect(router._def.procedures.double._def.inputs[0]).toBeInstanceOf(z.ZodObject);
  });

  it('falls back to parseAsync for a schema that refines asynchronously', async () => {
    const input = z.object({ name: z.string() }).refine(async (value) => Promise.resolve(value.name !== 'taken'), 'занято');
    const router = t.router({ claim: procedure.input(input).mutation(({ input: { name } }) => name) });
    const caller = t.createCallerFactory(router)({});

    expect(await caller.claim({ name: 'free' })).toBe('free');
    const refused = await caller.claim({ name: 'taken' }).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
  });
});
