/** A PostgreSQL LSN (`16/B374D848`) as one comparable number. */
export function lsnToBigInt(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn)
  if (match === null) throw new Error(`not an LSN: ${lsn.slice(0, 40)}`)
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`)
}
