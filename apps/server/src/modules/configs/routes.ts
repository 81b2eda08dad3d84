import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACQUIRING_PATHS, type AgreementDropdownConfigs } from '@mbo/contracts/acquiring';
import { agreementDropdownConfigsSchema, payMethodSchema } from '@mbo/contracts/acquiring-schemas';
import { ok } from '../../lib/envelope';
import { answers } from '../../lib/route-options';
import { AGREEMENT_STATUSES, COUNTRIES, PAY_METHODS, PAY_METHOD_NAMES, PAY_METHOD_TYPES } from './pay-method-catalogue';

const SIGNED_IN = { access: 'signed-in' } as const;

/** Reference data for filters and forms: the same for every signed-in user. */
export default async function configRoutes(app: FastifyInstance) {
  app.get(
    ACQUIRING_PATHS.agreementDropdownConfigs,
    answers(SIGNED_IN.access, agreementDropdownConfigsSchema),
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

  app.get(ACQUIRING_PATHS.payMethodDropdownConfigs, answers(SIGNED_IN.access, z.array(payMethodSchema)), async () =>
    ok(PAY_METHODS),
  );
}
