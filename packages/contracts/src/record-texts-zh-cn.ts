/**
 * The Chinese of the record texts (record-texts.ts): the `records` namespace of zh-CN. Chinese has one
 * plural form, `_other`. The parity test of the web's resources keeps it complete.
 */
import type { RECORD_TEXTS } from './record-texts';

type ZhKeys<K extends string> = K extends `${string}_one` ? never : K;

export const RECORD_TEXTS_ZH_CN: Readonly<Record<ZhKeys<keyof typeof RECORD_TEXTS>, string>> = {
  actorCardNetwork: '卡组织',
  actorSandboxNetwork: '卡组织（沙箱）',
  actorSandboxBank: '银行（沙箱）',
  actorChargeJob: '订阅扣款任务',
  actorDueDateJob: '到期处理任务',

  cardDeclinedSandbox: '银行卡被拒（沙箱测试卡）',
  unknownTestCard: '未知的测试卡',
  subscriptionPendingCard: '此卡无法开始订阅（沙箱待处理卡）',
  renewalDeclined: '续费时银行卡被拒（沙箱测试卡）',
  declined: '已拒绝',
  declineInsufficientFunds: '余额不足',
  declineByIssuer: '发卡行拒绝',
  declineDoNotHonor: '发卡行拒绝交易（Do not honor）',
  declineExpiredCard: '卡已过期',
  declineThreeDSecure: '3-D Secure 验证失败',
  declineSuspectedFraud: '疑似欺诈',
  declineWalletNotCompleted: '客户未完成支付',
  declineWalletBalance: '钱包余额不足',
  declineTimedOut: '支付超时',

  refundDeclinedSandbox: '被沙箱拒绝',
  refundRef: '退款 {{id}}',
  refundRefBecause: '退款 {{id}}：{{reason}}',
  refundOfPayment: '支付 {{paymentId}} 的退款',

  disputeRef: '争议 {{id}}',
  chargebackRef: '拒付 {{id}}',
  inquiryRef: '客户争议 {{id}}',
  chargebackOpenedBatch: '支付 {{paymentId}} 发生拒付；金额已从其未结算批次 {{batchId}} 中冻结',
  chargebackOpenedBalance: '支付 {{paymentId}} 发生拒付；金额已从可用余额中冻结',
  inquiryOpenedBatch: '支付 {{paymentId}} 发生客户争议；金额已从其未结算批次 {{batchId}} 中冻结',
  inquiryOpenedBalance: '支付 {{paymentId}} 发生客户争议；金额已从可用余额中冻结',
  evidenceDraft: '证据已保存为草稿',
  disputeUnderReview: '证据已提交；卡组织正在审核',
  disputeWon: '裁定对您有利：冻结的金额和手续费已释放到您的可用余额',
  disputeLost: '裁定对持卡人有利：金额退回持卡人，并收取手续费',
  disputeAccepted: '已接受：金额退回持卡人，并收取手续费',
  evidenceExpired: '截止日期前未提交证据：金额退回持卡人，并收取手续费',

  approved: '已批准',
  rejectedReturned: '已拒绝。金额已退回可用余额',
  rejectedBecauseReturned: '已拒绝：{{reason}}。金额已退回可用余额',
  rejectedByApprover: '被审批人拒绝',
  batchRejectedByApprover: '批次被审批人拒绝',

  approvalWithdrawal: '提现至 {{bank}} {{account}}',
  approvalPayout: '付款给 {{beneficiary}}',
  approvalBatch_other: '批量付款 {{file}}（{{count}} 笔付款）',

  withdrawalReserved: '已从可用余额中预留 {{amount}}；手续费 {{fee}}，{{net}} 转入银行账户',
  withdrawalReservedAwaiting:
    '已从可用余额中预留 {{amount}}；手续费 {{fee}}，{{net}} 转入银行账户。超过审批阈值：等待另一位用户审批',
  sentToBank: '已发送至银行',
  withdrawalPaid: '已付至银行账户',
  withdrawalReturned: '{{amount}} 已退回可用余额',
  bankRefusedSandbox: '银行拒绝了此笔转账（沙箱）。',

  bankAccountNameMismatch: '账户持有人姓名与银行记录不符。',

  payoutReserved: '已从可用余额中预留金额和手续费',
  payoutReservedAwaiting: '已预留金额和手续费；超过审批阈值：等待另一位用户审批',
  payoutSentToBank: '已发送至收款人银行',
  payoutPaid: '已付给收款人',
  payoutFailedReturned: '{{reason}}金额和手续费已退回可用余额。',
  payoutAccountClosed: '收款人账户已关闭。',
  payoutNameMismatch: '收款人姓名与账户不符。',
  batchSubmitted_other: '已提交 {{count}} 笔付款的批量付款；金额和手续费已预留',
  batchSubmittedAwaiting_other:
    '已提交 {{count}} 笔付款的批量付款；金额和手续费已预留。超过审批阈值：等待另一位用户审批',
  batchEveryPaid: '所有付款均已支付',
  batchSomeFailed_other: '{{count}} 笔付款失败；其金额和手续费已退回可用余额',

  agreementFirstCharge: '首次扣款 {{paymentId}} 成功',
  agreementCycleCharged: '第 {{cycle}} 期已扣款：支付 {{paymentId}}',
  agreementCycleDeclined:
    '第 {{cycle}} 期扣款被拒（{{reason}}）：支付 {{paymentId}}；第 {{attempt}} 次重试（共 {{attempts}} 次），在到期日后 {{days}} 天',
  agreementCancelledAfterRetries: '第 {{cycle}} 期扣款被拒 {{failed}} 次（{{reason}}）；最后一次重试后已取消',
  agreementCancelsAtPeriodEnd: '将在当前周期结束时取消；不再扣款',
  agreementCancelledNow: '已立即取消；不再扣款',
  agreementCancelledBy: '由 {{actor}} 取消',
  agreementEveryCycleCharged_other: '全部 {{count}} 期均已扣款',
  agreementEndedAtPeriodEnd: '已在周期结束时取消',
  withPayment: '{{reason}}（支付 {{paymentId}}）',
};
