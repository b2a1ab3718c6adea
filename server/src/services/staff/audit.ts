import type { AuditAction } from "@etalage/core";
import { AUDIT_PAGE_SIZE } from "@etalage/core";
import { count, desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staffAudit } from "../../db/schema.ts";

export interface AuditEntry {
  staffId: number | null;
  actor: string;
  action: AuditAction;
  target?: string | null;
  details?: Record<string, string | number | boolean | null>;
  ip: string;
}

/**
 * Appends one row, in the caller's transaction, so an action and its record commit together.
 * There is deliberately no update or delete here: the table's trigger refuses both anyway.
 */
export async function appendAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAudit).values({
    staffId: entry.staffId,
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip,
  });
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: AuditAction;
  target: string | null;
  details: Record<string, string | number | boolean | null> | null;
  ip: string;
}

/** One page of the log, newest first. */
export async function auditPage(db: Db, page: number): Promise<{ items: AuditRow[]; total: number }> {
  const rows = await db
    .select()
    .from(staffAudit)
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(staffAudit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      target: r.target,
      details: r.details,
      ip: r.ip,
    })),
    total: Number(total?.n ?? 0),
  };
}
