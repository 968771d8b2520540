import type { AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import { statusMessages } from '../../shared/errors.js';

function objectKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * The top-level fields a procedure's input accepts, or null when its input is open (a product's
 * extra fields) or not an object. The REST façade refuses any other query parameter or body field,
 * naming it and the accepted ones, instead of ignoring it and answering as if it were not there.
 * A body may also carry the fields the record is answered with (`id`, `createdAt`…): a record read
 * can be sent back as it is, and those read-only fields are ignored.
 */
export function acceptedFields(procedure: AnyTRPCProcedure, carriesBody: boolean): ReadonlySet<string> | null {
  const definition = procedure._def as { inputs?: unknown[]; output?: unknown };
  const inputs = definition.inputs ?? [];
  const names = new Set<string>(carriesBody ? objectKeys(definition.output) : []);
  for (const input of inputs) {
    if (!(input instanceof z.ZodObject)) return null;
    const catchall: unknown = input._zod.def.catchall;
    if (catchall !== undefined && !(catchall instanceof z.ZodNever)) return null;
    for (const name of Object.keys(input.shape)) names.add(name);
  }
  return inputs.length ? names : null;
}

/** The 400 message for fields the input does not know, or null when every field is known. */
export function unknownFieldsMessage(given: readonly string[], accepted: ReadonlySet<string>, pathParameters: readonly string[]): string | null {
  const unknown = given.filter((name) => !accepted.has(name));
  if (!unknown.length) return null;
  const allowed = [...accepted].filter((name) => !pathParameters.includes(name));
  const list = allowed.length ? `Допустимые: ${allowed.join(', ')}.` : 'Этот вызов не принимает параметров.';
  return `${statusMessages[400]} Неизвестный параметр: ${unknown.join(', ')}. ${list}`;
}
