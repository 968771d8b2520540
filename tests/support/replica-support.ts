import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** The error a connection to a server that is not listening fails with. */
export function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
}

/**
 * Counts the statements of the query builder it is added to (`db.withPlugin(counter)`): which
 * database served a request. `failing`: every statement fails (its answer lost) as on a server
 * that went away.
 */
export class CountingPlugin implements KyselyPlugin {
  statements = 0;
  /** Statements refused while `failing`. */
  refusals = 0;
  failing = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** Every statement's result passes here, compiled by Kysely or run from a kept SQL text alike. */
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.failing) {
      this.refusals += 1;
      return Promise.reject(refused());
    }
    this.statements += 1;
    return Promise.resolve(args.result);
  }
}
/** The answer's status, and whether the counted (replica) builder ran a statement for it. */
export async function servedBy(counter: CountingPlugin, call: () => Promise<{ status: number }>): Promise<{ status: number; by: 'replica' | 'primary' }> {
  const before = counter.statements;
  const { status } = await call();
  return { status, by: counter.statements > before ? 'replica' : 'primary' };
}
