import { Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { planIntervalWords } from '@/lib/display-plan';
import { PLAN_INTERVALS, PLAN_MAX_CYCLES, type PlanInterval } from '@mbo/contracts/subscriptions';
import { cyclesProblem, INITIAL_PLAN, intervalCountProblem, type PlanFormValues } from '../utils/link-plan';

const hint = { marginTop: -16, marginBottom: 16, fontSize: 13, display: 'block' } as const;

/** "Payment type": a one-off payment, or a subscription charged on a plan. Inside the create form. */
export function PaymentKindField() {
  const { t } = useTranslation('payment-links', { keyPrefix: 'plan' });
  const kind = Form.useWatch<PlanFormValues['kind'] | undefined>('kind') ?? INITIAL_PLAN.kind;
  return (
    <>
      <Form.Item name="kind" label={t('paymentType')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'ONE_OFF', label: t('oneOff') },
            { value: 'SUBSCRIPTION', label: t('subscription') },
          ]}
        />
      </Form.Item>
      <Typography.Text type="secondary" style={hint}>
        {kind === 'SUBSCRIPTION' ? t('hintSubscription') : t('hintOneOff')}
      </Typography.Text>
    </>
  );
}

/**
 * The plan of a subscription link: charge every N days, weeks, months or years; until cancelled or for a number of
 * cycles.
 */
export function SubscriptionPlanFields() {
  const { t } = useTranslation('payment-links', { keyPrefix: 'plan' });
  const { t: tk } = useTranslation('kit', { keyPrefix: 'plan' });
  const { t: tn } = useTranslation('payment-links');
  const form = Form.useFormInstance<PlanFormValues>();
  const kind = Form.useWatch<PlanFormValues['kind'] | undefined>('kind') ?? INITIAL_PLAN.kind;
  const interval = Form.useWatch<PlanInterval | undefined>('interval') ?? INITIAL_PLAN.interval;
  const count = Form.useWatch<number | null | undefined>('intervalCount');
  const ends = Form.useWatch<PlanFormValues['ends'] | undefined>('ends') ?? INITIAL_PLAN.ends;
  const cycles = Form.useWatch<number | null | undefined>('cycles');
  if (kind !== 'SUBSCRIPTION') return null;
  const unit = (i: PlanInterval) =>
    count === 1 || count === undefined || count === null ? tk(`unit.${i}`) : tk(`units.${i}`);
  const validCount = intervalCountProblem(tn, count, interval) === null;
  const validCycles = ends === 'UNTIL_CANCELLED' || cyclesProblem(tn, cycles) === null;
  return (
    <>
      <Form.Item label={t('chargeEvery')} required>
        <Space.Compact>
          <Form.Item
            name="intervalCount"
            noStyle
            rules={[
              {
                validator: (_, v: number | null | undefined) => {
                  const problem = intervalCountProblem(tn, v, form.getFieldValue('interval') ?? INITIAL_PLAN.interval);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber aria-label={t('intervalCount')} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="interval" noStyle>
            <Select<PlanInterval>
              aria-label={t('interval')}
              style={{ width: 120 }}
              options={PLAN_INTERVALS.map((i) => ({ value: i, label: unit(i) }))}
              onChange={() => {
                if (form.getFieldValue('intervalCount') !== undefined) void form.validateFields(['intervalCount']);
              }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('ends')} required>
        <Space wrap>
          <Form.Item name="ends" noStyle>
            <Radio.Group
              optionType="button"
              aria-label={t('ends')}
              options={[
                { value: 'UNTIL_CANCELLED', label: t('untilCancelled') },
                { value: 'AFTER_CYCLES', label: t('afterCycles') },
              ]}
              onChange={() => form.setFields([{ name: 'cycles', errors: [] }])}
            />
          </Form.Item>
          {ends === 'AFTER_CYCLES' ? (
            <Form.Item
              name="cycles"
              noStyle
              rules={[
                {
                  validator: (_, v: number | null | undefined) => {
                    const problem = form.getFieldValue('ends') === 'AFTER_CYCLES' ? cyclesProblem(tn, v) : null;
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber aria-label={t('numberOfCycles')} suffix={t('cyclesSuffix')} style={{ width: 140 }} />
            </Form.Item>
          ) : null}
        </Space>
      </Form.Item>
      <Typography.Text type="secondary" style={hint}>
        {validCount && validCycles
          ? t('charged', {
              interval: planIntervalWords(interval, count ?? 1),
              length: ends === 'AFTER_CYCLES' ? t('timesInAll', { cycles }) : t('untilCancelledLower'),
            })
          : t('upToCycles', { max: PLAN_MAX_CYCLES })}
      </Typography.Text>
    </>
  );
}
