import { useMemo } from 'react';
import { Select, Tag, Typography } from 'antd';
import { CheckOutlined, ShopOutlined } from '@ant-design/icons';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import { useGlobalState } from '@/lib/global-state';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

interface MerchantOption {
  value: string;
  label: string;
  parent: boolean;
  product?: string;
}

/** The merchants the user can act for: the home (parent) merchant first, then its sub-merchants. */
export function merchantOptions(
  list: readonly MerchantSummary[],
  home: { merchantId: string; merchantName: string; merchantSignProducts?: string } | null,
): MerchantOption[] {
  const seen = new Set<string>();
  const out: MerchantOption[] = [];
  const products = new Map(list.map((m) => [m.merchantId, m.merchantSignProducts as string]));
  const add = (id: string, name: string, parent: boolean) => {
    if (!id || seen.has(id)) return;
    seen.add(id);
    out.push({ value: id, label: name, parent, product: products.get(id) });
  };
  if (home) add(home.merchantId, home.merchantName, true);
  for (const m of list) if (!m.parentMerchantId) add(m.merchantId, m.merchantName, true);
  for (const m of list) if (m.parentMerchantId) add(m.merchantId, m.merchantName, false);
  return out;
}

export interface MerchantSwitcherProps {
  onSwitch: (merchantId: string, merchantName: string) => void;
  switching: boolean;
  compact?: boolean;
}

/** Header control: the current merchant; a searchable list to switch to a sub-merchant and back. */
export default function MerchantSwitcher({ onSwitch, switching, compact }: MerchantSwitcherProps) {
  const { user, subMerchantList } = useGlobalState();
  const { t } = useTranslation('shell');
  const label = useLabel();
  const options = useMemo(
    () =>
      merchantOptions(
        subMerchantList,
        user ? { merchantId: user.homeMerchantId, merchantName: user.homeMerchantName } : null,
      ),
    [subMerchantList, user],
  );
  if (!user) return null;
  const width = compact ? 150 : 240;

  if (options.length <= 1) {
    return (
      <span className="mbo-header__merchant" title={user.merchantName} style={{ maxWidth: width }}>
        <ShopOutlined aria-hidden="true" />
        <Typography.Text ellipsis>{user.merchantName}</Typography.Text>
      </span>
    );
  }

  return (
    <Select<string, MerchantOption>
      aria-label={t('merchant.switchLabel')}
      value={user.merchantId}
      loading={switching}
      disabled={switching}
      variant="filled"
      style={{ width }}
      prefix={<ShopOutlined aria-hidden="true" />}
      popupMatchSelectWidth={300}
      placement="bottomRight"
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      labelRender={() => user.merchantName}
      optionRender={(opt) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: '18px' }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{opt.data.label}</span>
            {opt.data.product ? (
              <span style={{ fontSize: 12, fontWeight: 400, color: 'var(--mbo-text-secondary)' }}>
                {label('MERCHANT_PRODUCTS', opt.data.product)}
              </span>
            ) : null}
          </span>
          {opt.data.parent ? <Tag style={{ marginInlineEnd: 0 }}>{t('merchant.parent')}</Tag> : null}
          {opt.data.value === user.merchantId ? (
            <CheckOutlined style={{ color: 'var(--mbo-text-link)' }} aria-label={t('merchant.current')} />
          ) : null}
        </span>
      )}
      onChange={(id, opt) => {
        const chosen = Array.isArray(opt) ? opt[0] : opt;
        if (id !== user.merchantId) onSwitch(id, chosen?.label ?? id);
      }}
    />
  );
}
