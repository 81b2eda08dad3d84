import { useMemo } from 'react';
import { Checkbox, Tag, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { RoleMatrixPage } from '@mbo/contracts/team';
import { useLabel } from '@/i18n/use-label';
import {
  codeBlock,
  codePages,
  pageBlock,
  toggleCode,
  togglePage,
  type BlockReason,
  type RoleGrants,
} from '../utils/role-grants';
import { groupBySection, pageName, productTagText, sectionName } from '../utils/role-pages';
import './role-form.css';

/** Why a box is disabled, beside it (read by everyone, not only on hover). */
function Reason({ reason }: { reason: BlockReason | null }) {
  const { t } = useTranslation('team', { keyPrefix: 'form' });
  return reason ? (
    <Typography.Text type="secondary" className="mbo-role-form__reason">
      {t(reason)}
    </Typography.Text>
  ) : null;
}

export interface RoleGrantsPickerProps {
  pages: readonly RoleMatrixPage[];
  grants: RoleGrants;
  /** What the signed-in user holds: nothing else can be ticked. */
  caller: RoleGrants;
  onChange: (next: RoleGrants) => void;
}

/**
 * The pages and actions of a custom role as boxes, grouped by section as in the roles matrix: each page, then
 * its actions under it. An action needs one of its pages ticked; a page or action the user does not hold is
 * disabled, with the reason beside it.
 */
export function RoleGrantsPicker({ pages, grants, caller, onChange }: RoleGrantsPickerProps) {
  const { t } = useTranslation('team');
  const label = useLabel();
  const pagesOf = useMemo(() => codePages(pages), [pages]);
  return (
    <div className="mbo-role-form__grants">
      {groupBySection(pages).map((section) => (
        <fieldset key={section.name ?? ''} className="mbo-role-form__section">
          <legend className="mbo-role-form__legend">{sectionName(t, section) ?? t('form.general')}</legend>
          {section.pages.map((page) => {
            const only = productTagText(t, label, page.products);
            const name = pageName(t, page);
            const blocked = pageBlock(grants, caller, page.menuUrl);
            return (
              <div key={page.menuUrl} className="mbo-role-form__page">
                <Checkbox
                  checked={grants.menuUrls.includes(page.menuUrl)}
                  disabled={blocked !== null}
                  onChange={(e) => onChange(togglePage(grants, page.menuUrl, e.target.checked, pagesOf))}
                >
                  <span className="mbo-role-form__page-name">{name}</span>
                  {only ? <Tag className="mbo-role-form__product">{only}</Tag> : null}
                </Checkbox>
                <Reason reason={blocked} />
                {page.actions.length ? (
                  <ul className="mbo-role-form__actions" aria-label={t('form.actionsOf', { page: name })}>
                    {page.actions.map((action) => {
                      const why = codeBlock(grants, caller, action.code, pagesOf);
                      return (
                        <li key={action.code}>
                          <Checkbox
                            checked={grants.permissionCodes.includes(action.code)}
                            disabled={why !== null}
                            onChange={(e) => onChange(toggleCode(grants, action.code, e.target.checked))}
                          >
                            {label('PERMISSION_CODES', action.code)}
                            <span className="mbo-role-form__kind"> · {label('ROLE_ACTION_KINDS', action.kind)}</span>
                          </Checkbox>
                          <Reason reason={why} />
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
