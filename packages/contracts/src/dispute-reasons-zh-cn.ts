/**
 * The Simplified Chinese words of the dispute reasons: the zh-CN resource of the `dispute-reasons` namespace, reason
 * for reason and checklist item for item as DISPUTE_REASONS (dispute-reasons.ts, the English source). The web app's
 * key-parity test fails on a reason or an item missing here.
 */
import { reasonWords, type DisputeReasonCode, type DisputeReasonWords } from './dispute-reasons';

export const DISPUTE_REASON_RESOURCE_ZH_CN: Readonly<Record<DisputeReasonCode, DisputeReasonWords>> = {
  FRAUDULENT: reasonWords(
    '持卡人称其未授权此笔支付：其银行卡被他人盗用。',
    '证明是持卡人本人进行或同意了此次购买：其信息一致、使用了所购商品或服务，或此前曾向您付款且未提出争议。',
    [
      '显示客户所填账单信息的收据',
      '与客户就该订单的沟通记录',
      '向账单地址送达的妥投证明',
      '您对该笔支付真实有效的说明',
    ],
  ),
  PRODUCT_NOT_RECEIVED: reasonWords(
    '客户称已付款但从未收到所购商品。',
    '证明商品已在争议发起前送达客户提供的地址（或服务已提供）。',
    ['物流承运商及运单号', '妥投证明（签收、照片、承运商确认）', '收据或发票', '客户确认收货的沟通记录'],
  ),
  NOT_AS_DESCRIBED: reasonWords(
    '客户称收到的商品有缺陷、已损坏或与描述不符。',
    '证明购买时商品与描述相符，且客户未退货或您已提供补救方案。',
    ['客户所见的商品描述', '您的退款与退货政策，以及客户如何看到该政策', '与客户的沟通记录', '您的说明'],
  ),
  DUPLICATE: reasonWords('客户称同一笔购买被多次扣款。', '证明每笔扣款对应不同的购买，或重复扣款已退款。', [
    '显示两笔扣款不同的收据',
    '您对两笔扣款的说明',
  ]),
  CREDIT_NOT_PROCESSED: reasonWords(
    '客户称已退货或取消，且曾被承诺退款，但未收到退款。',
    '证明退款已完成，或根据客户同意的政策，客户无权获得退款。',
    ['您的退款政策，以及客户如何同意该政策', '与客户就退货的沟通记录', '您对无需退款原因的说明'],
  ),
  SUBSCRIPTION_CANCELLED: reasonWords(
    '客户称在此次扣款前已取消定期付款。',
    '证明客户在扣款前并未取消，或在其声称的取消日期之后仍使用了服务。',
    ['您的取消政策，以及客户如何同意该政策', '客户在声称取消后仍使用服务的证明', '与客户的沟通记录'],
  ),
  UNRECOGNIZED: reasonWords(
    '客户在账单上无法识别此笔支付。',
    '证明客户身份及其所购内容：收据、交付记录，以及账单上显示的您的商户名称。',
    ['收据或发票', '商品或服务描述', '交付或使用证明'],
  ),
  GENERAL: reasonWords(
    '客户以不属于其他类别的原因对此笔支付提出争议。',
    '用支持该笔支付的任何文件直接回应客户的主张。',
    ['收据或发票', '与客户的沟通记录', '您的说明'],
  ),
};
