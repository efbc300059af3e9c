import { allows, type Permission, type WorkspaceRole } from '@smi/contracts';

/** What a control asks for: a permission, or an endpoint of the contracts' table (the button's rule is then the route's rule). */
export type Rule = Permission | { readonly permission: Permission };

/**
 * Whether the signed-in user may use a control: `recordedBy` is a point's recorder, for `edit-own` (a surveyor only
 * on the points they recorded). Controls the role may not use are not drawn at all (not drawn disabled).
 */
export type Can = (rule: Rule, recordedBy?: string | null) => boolean;

/**
 * The check for a role and user, from the one matrix the server enforces (`allows`). Without a role (the workspaces
 * are still being read) nothing but reading is offered, so a viewer never sees a button flash up that would be refused.
 */
export function canFor(role: WorkspaceRole | undefined, userId: string): Can {
  return (rule, recordedBy) => {
    const permission = typeof rule === 'string' ? rule : rule.permission;
    if (!role) return permission === 'read' || permission === 'account';
    return allows(role, permission, recordedBy === undefined ? undefined : { recordedBy, userId });
  };
}

/**
 * Everything allowed, for a component drawn alone in a test. Screens pass `useCan()`: a component's `can` is required,
 * so one that is handed none does not compile, rather than offering controls the role may not use.
 */
export const canAll: Can = () => true;
