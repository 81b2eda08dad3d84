import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ListKey } from '@mbo/contracts/lists/list-definition';
import type { SavedViewState } from '@mbo/contracts/saved-views';
import type { EvidenceText } from '@mbo/contracts/disputes';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const merchants = pgTable(
  'merchants',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    signProduct: text('sign_product').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    status: text('status').notNull().default('ACTIVE'),
    /**
     * In the gray (early) release group (POST isGrayMerchant, modules/payin-services); the client's default is true.
     */
    grayRelease: boolean('gray_release').notNull().default(true),
    /** Every member must sign in with a second factor (modules/two-factor, migration 0023). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * Withdrawal opening hours (migration 0017, modules/withdrawals/working-hours.ts), in timeZone: the
     * ISO weekdays the desk is open, from withdrawOpen to withdrawClose ("HH:MM", "24:00" = end of
     * day), closed on the public holidays of withdrawHolidayCountry when set.
     */
    withdrawDays: smallint('withdraw_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'`),
    withdrawOpen: text('withdraw_open').notNull().default('09:00'),
    withdrawClose: text('withdraw_close').notNull().default('17:00'),
    withdrawHolidayCountry: char('withdraw_holiday_country', { length: 2 }),
    /**
     * Migration 0019: the amounts above which a money-out order waits for a second person's approval (a JSON object).
     */
    approvalThresholds: jsonb('approval_thresholds')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('merchants_parent_idx').on(t.parentId)],
);

/**
 * Roles are server data; a role grants menus (page URLs) and permission codes. '*' grants all (built-in roles
 * only). A custom role (migration 0032) belongs to one merchant and names the built-in role it was made from.
 */
export const roles = pgTable(
  'roles',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    menuUrls: text('menu_urls').array().notNull(),
    permissionCodes: text('permission_codes').array().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Null: a built-in role (modules/team/built-in-roles.ts); else the merchant whose custom role it is. */
    merchantId: text('merchant_id').references(() => merchants.id),
    /** A custom role's built-in role of origin. */
    baseCode: text('base_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('roles_merchant_name_uq')
      .on(t.merchantId, sql`lower(${t.name})`)
      .where(sql`${t.merchantId} IS NOT NULL`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code),
    /** INVITED (no password yet), ACTIVE, DISABLED. */
    status: text('status').notNull(),
    passwordHash: text('password_hash'),
    forceReset: boolean('force_reset').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Team (migration 0023): who invited the member; when they were disabled. */
    invitedBy: uuid('invited_by'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** false: only the sub-merchants in user_merchant_access. */
    allSubMerchants: boolean('all_sub_merchants').notNull().default(true),
    /** Two-factor sign-in (modules/two-factor): a secret being set up, the confirmed one, the last time step used. */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The user menu's theme (migration 0030): system (the browser's prefers-color-scheme), light or dark. */
    theme: text('theme').notNull().default('system'),
    /** The user menu's language (migration 0034): en or zh-CN; null until chosen (the browser's languages decide). */
    locale: text('locale'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_merchant_idx').on(t.merchantId)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    activeMerchantId: text('active_merchant_id')
      .notNull()
      .references(() => merchants.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Reset and invitation links: random token, stored hashed, single use. */
export const userLinks = pgTable(
  'user_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_links_token_uq').on(t.tokenHash), index('user_links_user_idx').on(t.userId)],
);

/** The sub-merchants a member may switch to when users.all_sub_merchants is false (migration 0023). */
export const userMerchantAccess = pgTable(
  'user_merchant_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] })],
);

/**
 * Single-use recovery codes of two-factor sign-in (migration 0023), stored as keyed hashes
 * (modules/two-factor/recovery-codes.ts).
 */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_uq').on(t.userId, t.codeHash)],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    result: text('result').notNull(),
    failReason: text('fail_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Append-only: a trigger in the migrations refuses UPDATE and DELETE. Partitioned by month of created_at (migration
 * 0028; the audit module's daily job makes and drops the partitions), so the key holds created_at.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: createdAt(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    merchantId: text('merchant_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.at] }),
    index('audit_log_merchant_idx').on(t.merchantId, t.at),
  ],
);

/** Outgoing mail, written in the same transaction as the change that sends it. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set by the send-mail job that is delivering the mail (mail/mailer.ts). */
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * A mail's one-time link (mail/one-time-link.ts), apart from the bodies, which hold its mark; removed
     * when the mail is sent or the link expires (migration 0027). linkExpiresAt stays: the mail had one.
     */
    oneTimeLink: text('one_time_link'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_pending_idx').on(t.sentAt, t.id)],
);

/**
 * Disputes (modules/disputes, migration 0016): customer disputes and chargebacks of a payment. `held`
 * is what the hold moved to the reserved balance (amount + fee), from the payment's unsettled batch
 * (`batchId`) or from the available balance (null).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    paymentId: text('payment_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    batchId: text('batch_id'),
    currency: text('currency').notNull(),
    /** A reason code (contracts dispute-reasons.ts). */
    reason: text('reason').notNull(),
    /** The evidence text fields (contracts EvidenceText): a draft until submitted. */
    evidence: jsonb('evidence')
      .$type<EvidenceText>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    dueAt: timestamp('due_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: text('submitted_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('disputes_merchant_status_idx').on(t.merchantId, t.status, t.type),
    // One dispute per payment.
    uniqueIndex('disputes_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.paymentId} IS NOT NULL`),
  ],
);

/** Evidence files of a dispute (migration 0016), stored under `storageKey` in the data directory. */
export const disputeFiles = pgTable(
  'dispute_files',
  {
    id: text('id').primaryKey(),
    disputeId: text('dispute_id')
      .notNull()
      .references(() => disputes.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    category: text('category').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The uploader's email. */
    uploadedBy: text('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_files_dispute_idx').on(t.disputeId, t.createdAt)],
);

/**
 * The request limits' counters (migration 0009, plugins/rate-limit.ts): one row per key until it
 * expires. UNLOGGED: losing them in a crash only resets the limits.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A member's saved filters and columns of a list (migration 0011, modules/saved-views), optionally shared with the
 * merchant's team.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    listKey: text('list_key').$type<ListKey>().notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<SavedViewState>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A name once per member, merchant and list, whatever its case.
    uniqueIndex('saved_views_user_list_name_idx').on(t.userId, t.merchantId, t.listKey, sql`lower(${t.name})`),
  ],
);

/**
 * Migration 0026: one row (id 1), a known value sealed with the data key (db/encrypted-columns.ts),
 * by which a start finds out whether it was given the key the database's secrets are under.
 */
export const dataEncryptionCheck = pgTable('data_encryption_check', {
  id: smallint('id').primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
