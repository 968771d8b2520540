/** Tables of the accounts domain (e-mail tokens, outbox, help-desk messages); filled in by its migration. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no tables yet
export interface AccountsTables {}
