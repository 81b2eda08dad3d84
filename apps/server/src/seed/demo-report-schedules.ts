import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { reportSchedules } from '../db/report-schedules-schema';
import { auditLog, users } from '../db/schema';
import { nextRunAfter } from '../modules/report-schedules';

/** Demo Store's scheduled reports (README): made by the owner, sent to the owner and the finance user. */
export const DEMO_REPORT_SCHEDULES = [
  {
    id: 'RSC_DEMO_DAILY_PAYMENTS',
    name: 'Daily payments',
    type: 'PAYMENTS',
    format: 'CSV',
    frequency: 'DAILY',
    dayOfWeek: null,
    dayOfMonth: null,
    timeOfDay: '08:00',
    timeZone: 'Europe/Amsterdam',
  },
  {
    id: 'RSC_DEMO_MONTHLY_SETTLEMENTS',
    name: 'Monthly settlements',
    type: 'SETTLEMENTS',
    format: 'XLSX',
    frequency: 'MONTHLY',
    dayOfWeek: null,
    dayOfMonth: 1,
    timeOfDay: '07:00',
    timeZone: 'Europe/Amsterdam',
  },
] as const;

export async function seedDemoReportSchedules(db: DbOrTx, now = new Date()): Promise<void> {
  const people = new Map(
    (
      await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, ['owner@demo.test', 'finance@demo.test']))
    ).map((u) => [u.email, u.id]),
  );
  const owner = people.get('owner@demo.test')!;
  const recipientIds = [owner, people.get('finance@demo.test')!];
  for (const s of DEMO_REPORT_SCHEDULES) {
    const [exists] = await db
      .select({ id: reportSchedules.id })
      .from(reportSchedules)
      .where(eq(reportSchedules.id, s.id));
    if (exists) continue;
    await db.insert(reportSchedules).values({
      ...s,
      merchantId: 'M1000001',
      createdBy: owner,
      filters: {},
      columns: [],
      recipientIds,
      status: 'ACTIVE',
      nextRunAt: nextRunAfter(
        {
          frequency: s.frequency,
          dayOfWeek: s.dayOfWeek,
          dayOfMonth: s.dayOfMonth,
          time: s.timeOfDay,
          timeZone: s.timeZone,
        },
        now,
      ),
    });
    await db.insert(auditLog).values({
      action: 'REPORT_SCHEDULE_CREATED',
      outcome: 'SUCCESS',
      actorUserId: owner,
      actorEmail: 'owner@demo.test',
      merchantId: 'M1000001',
      ip: '203.0.113.10',
      targetType: 'REPORT_SCHEDULE',
      targetId: s.id,
      detail: {
        name: s.name,
        type: s.type,
        format: s.format,
        frequency: s.frequency,
        time: s.timeOfDay,
        timeZone: s.timeZone,
      },
    });
  }
}
