/**
 * The permission types the executor consumes, imported in one place from
 * `@dexter/permissions` (the `PermissionDecider` port). Any decider — the real engine or a
 * host's own — plugs in.
 */
export type {
  CommandClassification,
  PermissionBehavior,
  PermissionDecider,
  PermissionDecision,
  PermissionRequest,
} from '@dexter/permissions';
