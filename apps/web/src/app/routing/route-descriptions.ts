/**
 * What each page shows and does (from PRODUCT.md's screen table), by its absolute path. Shown on
 * the "coming soon" page of a route whose screen is not built yet; kept out of the route table so it
 * never weighs on the first load.
 */
export const ROUTE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/transactions/payments':
    'Every payment with filters by date, status, payment method, currency, amount and country, search by payment id, order number or customer email, and status tiles with counts.',
  '/transactions/payment_link':
    'Create payment links (single-use or reusable, up to 30 days), copy them or show a QR code, follow their status and deactivate them.',
  '/transactions/payment_link/detail':
    'One payment link: amount, description, type, status and expiry, its URL with copy and QR code, its totals and the payments made through it.',
  '/transactions/payments_detail':
    'One payment: gross, fee and net amounts, status timeline, customer, payment method, its refund, dispute and settlement. Refund from here.',
  '/transactions/refunds': 'Refunds by date, status, currency and amount; search by refund id or payment id.',
  '/transactions/reports':
    'The report centre: export payments, refunds, disputes, settlements, balance transactions, payouts and withdrawals as CSV or XLSX, follow progress and download.',
  '/transactions/refunds_detail': 'One refund: amount, reason, status timeline and the payment it belongs to.',
  '/transactions/disputes':
    'Customer disputes and chargebacks, with the count that needs evidence, filters by status, reason, dates and amount, and due dates highlighted when close.',
  '/transactions/disputes/detail':
    'One dispute: reason, amount, due date, timeline and evidence. Upload evidence, save a draft, submit or accept the dispute.',
  '/transactions/faq': 'Searchable answers about payments, refunds, disputes and settlements.',
  '/settlements/history':
    'Settlements paid to you: date, currency, gross, refunds, fees, dispute adjustments, net, status and bank reference.',
  '/settlements/detail': 'The breakdown of one settlement and the transactions in it, paged and exportable.',
  '/settlements/batch':
    'Open clearing batches: captured transactions not settled yet, grouped by cut-off, with their expected settlement date.',
  '/settlements/estimation':
    'Expected settlements for the coming days, per date and currency, with holidays and reserves applied.',
  '/settlements/calendar':
    'A month calendar of settlement days, non-working days and holidays, with expected and paid amounts per day.',
  '/settlements/batch/detail': 'One clearing batch: its transactions and totals.',
  '/settlements/batch/history': 'Closed clearing batches.',
  '/settlements/batch/history/detail': 'One closed batch: its transactions and totals.',
  '/account/balance':
    'Available, pending and reserved balance per currency, and every balance transaction with filters and export.',
  '/account/withdraw':
    'Withdraw to a verified bank account during working hours, and follow or cancel your withdrawals.',
  '/payout/create':
    'Pay a beneficiary by bank or wallet, or upload a batch file of up to 10,000 rows, checked row by row before you submit.',
  '/payout/history': 'Payouts and payout batches with filters and status.',
  '/payout/history/detail': 'One payout with its timeline.',
  '/payout/history/batch/detail': 'One payout batch with its rows and totals.',
  '/subscription/agreements':
    'Subscription agreements with filters by country, payment method type and name, and status; search by agreement id or customer.',
  '/subscription/agreements/detail':
    'One agreement: customer, payment method, plan, status timeline and its charges. Cancel it from here.',
  '/services/payin':
    'The pay-in methods you have: country, method, currency, fee, limits, settlement cycle and status.',
  '/services/payout': 'The payout methods you have, with their fees, limits and status.',
  '/settings/team': 'Members, their roles and status. Invite members, change roles, disable and re-enable them.',
  '/settings/bank-accounts':
    'Your bank accounts and their verification status. Add one, set the default, remove others.',
  '/settings/integration': 'Your merchant id, API keys, webhook endpoints with their delivery log, and the API docs.',
  '/settings/integration/api-docs':
    'The merchant REST API reference, generated from the API itself, with "try it" against the sandbox.',
  '/home':
    'Your business at a glance: disputes that need evidence, key figures for today, 7 and 30 days, volume, balances and the next settlement.',
  '/auth/login': 'Sign in with email and password.',
  '/auth/forgot_password': 'Request a password reset link by email.',
  '/auth/register_password': 'Accept an invitation: set your name and password.',
  '/auth/reset_password': 'Choose a new password from a reset link.',
  '/auth/force_reset_password': 'A new password is required before you continue.',
};
