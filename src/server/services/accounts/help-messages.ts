import type { Db } from '../../db/connection.js';

/** A help-desk message as the shop keeps it; `userId` is the sender's account when signed in. */
export interface HelpMessage {
  userId: number | null;
  name: string;
  email: string;
  message: string;
}

export async function storeHelpMessage(db: Db, help: HelpMessage): Promise<void> {
  await db.insertInto('helpMessages').values(help).execute();
}
