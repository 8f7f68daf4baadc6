import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'

/** `RoleOptions.weights`, checked: each a number from 0 to 1 (a role can count less, never more). */
export function checkedRoleWeights(
  weights: Readonly<Record<string, number>>,
): Readonly<Record<string, number>> {
  for (const [role, weight] of Object.entries(weights)) {
    if (!(typeof weight === 'number' && weight >= 0 && weight <= 1))
      throw new InvalidArgumentError('roles', `roles.weights.${role} must be a number from 0 to 1`)
  }
  return { ...weights }
}
