import { z } from 'zod';

/**
 * tRPC validates a procedure's input and output with a schema's `parseAsync` whenever it has one,
 * and zod 4 only runs its compiled (JIT) object parser synchronously: a catalogue page of 12 cards
 * took about 90 µs to check asynchronously against 20 µs synchronously, the largest single cost
 * of a request in Node. No schema of the shop refines asynchronously, so procedures built from the
 * builders below check synchronously first, and fall back to `parseAsync` only if zod says a
 * schema needs it. The schemas themselves are unchanged (the OpenAPI document and the client's
 * types read them as before).
 */
function syncFirst<S>(schema: S): S {
  if (!(schema instanceof z.ZodType)) return schema;
  const parse = (value: unknown): unknown => {
    try {
      return schema.parse(value);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
      throw error;
    }
  };
  return new Proxy(schema, {
    get: (target, key, receiver) => (key === 'parseAsync' ? parse : Reflect.get(target, key, receiver)),
  });
}

function isBuilder(value: unknown): value is object {
  return typeof value === 'object' && value !== null && '_def' in value && 'input' in value && 'output' in value;
}

/**
 * The same procedure builder, whose `.input()` and `.output()` schemas are checked synchronously
 * first. Every builder it returns (after `.use()`, `.meta()`, `.input()`…) is wrapped alike; the
 * procedures it finally makes (`.query()`, `.mutation()`) are tRPC's own.
 */
export function withSyncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const given = key === 'input' || key === 'output' ? args.map(syncFirst) : args;
        const result: unknown = member.apply(target, given);
        return isBuilder(result) ? withSyncParsing(result) : result;
      };
    },
  });
}
