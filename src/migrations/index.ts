import * as migration_20261122_133709_initial from './20261122_133709_initial'
import * as migration_20261122_133725_db_constraints from './20261122_133725_db_constraints'

export const migrations = [
  {
    up: migration_20261122_133709_initial.up,
    down: migration_20261122_133709_initial.down,
    name: '20261122_133709_initial',
  },
  {
    up: migration_20261122_133725_db_constraints.up,
    down: migration_20261122_133725_db_constraints.down,
    name: '20261122_133725_db_constraints',
  },
]
