/** The usage object (docs/external-api.md, Usage), shared by the External API and the dashboard. */
import { limitsFor, type PlanLimits, type PlanName } from '../../../domain/plans.js';
import type { WorkspaceDoc } from '../../../projections/views/workspacesView.js';

export interface UsageReport {
  month: string;
  plan: string;
  used: number;
  /** null: unlimited (Enterprise without a set limit). */
  limit: number | null;
  remaining: number | null;
}

export function usageReport(month: string, plan: string, used: number, limit: number | null): UsageReport {
  return { month, plan, used, limit, remaining: limit === null ? null : Math.max(0, limit - used) };
}

/** A workspace's plan limits as the view holds them. */
export function limitsOfWorkspace(workspace: Pick<WorkspaceDoc, 'plan' | 'limits'>): PlanLimits {
  return limitsFor(workspace.plan as PlanName, workspace.limits as Partial<PlanLimits> | null);
}
