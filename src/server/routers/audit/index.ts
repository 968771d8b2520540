import { auditListInputSchema, auditListResponseSchema } from '../../../shared/schemas/audit.js';
import { listAuditLog } from '../../services/platform/audit.js';
import { adminProcedure, router } from '../../trpc.js';

/** The audit log of admin actions (docs/audit-log.md): read by the Admin, written by adminProcedure itself. */
export const auditRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/audit-log', tags: ['audit-log'], protect: true, summary: 'Журнал действий администраторов (новые сверху)' } })
    .input(auditListInputSchema)
    .output(auditListResponseSchema)
    .query(({ ctx, input }) => listAuditLog(ctx.db, input)),
});
