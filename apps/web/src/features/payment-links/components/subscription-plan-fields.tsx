import { Form, InputNumber, Radio, Select, Space, Typography } from 'antd';
import {
  describePlanInterval,
  PLAN_INTERVAL_LABELS,
  PLAN_INTERVALS,
  PLAN_MAX_CYCLES,
  type PlanInterval,
} from '@mbo/contracts/subscriptions';
import { cyclesProblem, INITIAL_PLAN, intervalCountProblem, type PlanFormValues } from '../utils/link-plan';

const hint = { marginTop: -16, marginBottom: 16, fontSize: 13, display: 'block' } as const;

/** "Payment type": a one-off payment, or a subscription charged on a plan. Inside the create form. */
export function PaymentKindField() {
  const kind = Form.useWatch<PlanFormValues['kind'] | undefined>('kind') ?? INITIAL_PLAN.kind;
  return (
    <>
      <Form.Item name="kind" label="Payment type">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'ONE_OFF', label: 'One-off' },
            { value: 'SUBSCRIPTION', label: 'Subscription' },
          ]}
        />
      </Form.Item>
      <Typography.Text type="secondary" style={hint}>
        {kind === 'SUBSCRIPTION'
          ? 'The customer pays the first cycle on the checkout page, then is charged automatically on the plan until it ends or is cancelled.'
          : 'The customer pays once.'}
      </Typography.Text>
    </>
  );
}

/**
 * The plan of a subscription link: charge every N days, weeks, months or years; until cancelled or for a number of
 * cycles.
 */
export function SubscriptionPlanFields() {
  const form = Form.useFormInstance<PlanFormValues>();
  const kind = Form.useWatch<PlanFormValues['kind'] | undefined>('kind') ?? INITIAL_PLAN.kind;
  const interval = Form.useWatch<PlanInterval | undefined>('interval') ?? INITIAL_PLAN.interval;
  const count = Form.useWatch<number | null | undefined>('intervalCount');
  const ends = Form.useWatch<PlanFormValues['ends'] | undefined>('ends') ?? INITIAL_PLAN.ends;
  const cycles = Form.useWatch<number | null | undefined>('cycles');
  if (kind !== 'SUBSCRIPTION') return null;
  const unit = (i: PlanInterval) =>
    count === 1 || count === undefined || count === null ? PLAN_INTERVAL_LABELS[i].one : PLAN_INTERVAL_LABELS[i].many;
  const validCount = intervalCountProblem(count, interval) === null;
  const validCycles = ends === 'UNTIL_CANCELLED' || cyclesProblem(cycles) === null;
  return (
    <>
      <Form.Item label="Charge every" required>
        <Space.Compact>
          <Form.Item
            name="intervalCount"
            noStyle
            rules={[
              {
                validator: (_, v: number | null | undefined) => {
                  const problem = intervalCountProblem(v, form.getFieldValue('interval') ?? INITIAL_PLAN.interval);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber aria-label="Interval count" style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="interval" noStyle>
            <Select<PlanInterval>
              aria-label="Interval"
              style={{ width: 120 }}
              options={PLAN_INTERVALS.map((i) => ({ value: i, label: unit(i) }))}
              onChange={() => {
                if (form.getFieldValue('intervalCount') !== undefined) void form.validateFields(['intervalCount']);
              }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="Ends" required>
        <Space wrap>
          <Form.Item name="ends" noStyle>
            <Radio.Group
              optionType="button"
              aria-label="Ends"
              options={[
                { value: 'UNTIL_CANCELLED', label: 'Until cancelled' },
                { value: 'AFTER_CYCLES', label: 'After a number of cycles' },
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
                    const problem = form.getFieldValue('ends') === 'AFTER_CYCLES' ? cyclesProblem(v) : null;
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber aria-label="Number of cycles" suffix="cycles" style={{ width: 140 }} />
            </Form.Item>
          ) : null}
        </Space>
      </Form.Item>
      <Typography.Text type="secondary" style={hint}>
        {validCount && validCycles
          ? `Charged ${describePlanInterval(interval, count ?? 1)}, ${ends === 'AFTER_CYCLES' ? `${cycles} times in all (the first at checkout)` : 'until cancelled'}.`
          : `Up to ${PLAN_MAX_CYCLES} cycles, at least 2.`}
      </Typography.Text>
    </>
  );
}
