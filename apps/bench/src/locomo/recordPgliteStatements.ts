import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { StatementLog } from './StatementLog.js'

/**
 * Feeds `log` every statement sent inside `db`'s transactions from now on (the store's units of
 * work are transactions; PGlite's own BEGIN and COMMIT are not statements the store sends, so they
 * count outside).
 */
export function recordPgliteStatements(db: PGlite, log: StatementLog): void {
  const transaction = db.transaction.bind(db)
  db.transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const query = tx.query.bind(tx)
      tx.query = ((text: string, ...rest: unknown[]) =>
        log.record(
          text,
          (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
        )) as Transaction['query']
      return work(tx)
    })
}
