/**
 * The error catalogue of spec section 8 in Simplified Chinese: the web app's zh-CN `errors`
 * namespace, the same keys as ERROR_RESOURCE (error-messages.ts, the English source). The web's
 * parity test fails on a key in one and not the other.
 */
import { SYSTEM_ERROR_CODES } from './error-catalogue';

const TABLE: Record<string, string> = {
  '002001B010': '用户未登录。',
  '001000S002': '请求超时。',
  '001000S003': '操作过于频繁。',
  '002001B017': '密码不正确。',
  '002001B003': '密码不正确。',
  '002001B022': '请先设置密码再登录。',
  '002001B006': '链接已过期。',
  '002001B021': '链接无效。',
  '002001B015': '用户已激活。',
  '002001B018': '请检查用户状态。',
  '002001B009': '用户已存在。',
  '002001B023': '当前页面数据不存在。',
  '002001B024': '没有权限。',
  '003001B021': '每笔支付只能退款一次。',
  '003001B022': '未找到订单。',
  '003001B023': '不允许退款。',
  '003001B033': '未找到收单协议。',
  '003001B034': '商户应付账户余额不足。',
  '003001B037': '已超过退款期限。',
  '003001B039': '不支持小数。',
  '006001B006': '余额不足。',
  '006001B003': '请在工作时间内提交提现申请。',
  '006001B007': '提现订单状态无效。',
  '006001B005': '未找到提现协议。',
  '006001B016': '系统超时，请在提现记录中查看最新状态。',
  '012001B039': '上一次导出尚未完成',
};
for (const code of SYSTEM_ERROR_CODES) TABLE[code] = `系统错误。（错误码：${code}）`;

export const ERROR_RESOURCE_ZH_CN: Readonly<Record<string, string>> = {
  ...TABLE,
  systemFallback: '系统错误。（错误码：{{code}}）',
};
