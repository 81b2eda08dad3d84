import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACQUIRING_PATHS, type AgreementDropdownConfigs } from '@mbo/contracts/acquiring';
import { agreementDropdownConfigsSchema, payMethodSchema } from '@mbo/contracts/acquiring-schemas';
import { ok } from '../../lib/envelope';
import { envelopeResponses } from '../../lib/route-responses';
import { AGREEMENT_STATUSES, COUNTRIES, PAY_METHODS, PAY_METHOD_NAMES, PAY_METHOD_TYPES } from './pay-method-catalogue';

const SIGNED_IN = { access: 'signed-in' } as const;

/** Reference data for filters and forms: the same for every signed-in user. */
export default async function configRoutes(app: FastifyInstance) {
  app.get(
    ACQUIRING_PATHS.agreementDropdownConfigs,
    { config: SIGNED_IN, schema: { response: envelopeResponses(agreementDropdownConfigsSchema) } },
    async () => {
      const configs: AgreementDropdownConfigs = {
        countryList: COUNTRIES,
        payMethodTypeList: PAY_METHOD_TYPES,
        payMethodNameList: PAY_METHOD_NAMES,
        statusList: AGREEMENT_STATUSES,
      };
      return ok(configs);
    },
  );

  app.get(
    ACQUIRING_PATHS.payMethodDropdownConfigs,
    { config: SIGNED_IN, schema: { response: envelopeResponses(z.array(payMethodSchema)) } },
    async () => ok(PAY_METHODS),
  );
}
