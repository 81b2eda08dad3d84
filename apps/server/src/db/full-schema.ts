import * as baseSchema from './schema';
import * as paymentsSchema from './payments-schema';
import * as settlementsSchema from './settlements-schema';
import * as moneyOutSchema from './money-out-schema';
import * as subscriptionsSchema from './subscriptions-schema';
import * as integrationSchema from './integration-schema';
import * as reportSchedulesSchema from './report-schedules-schema';

/**
 * Every table of the Drizzle schema, one object: what the database client is typed with (client.ts)
 * and what db/schema-matches-database.test.ts compares with the migrated database. A new schema
 * file is added here, and only here.
 */
export const schema = {
  ...baseSchema,
  ...paymentsSchema,
  ...settlementsSchema,
  ...moneyOutSchema,
  ...subscriptionsSchema,
  ...integrationSchema,
  ...reportSchedulesSchema,
};
