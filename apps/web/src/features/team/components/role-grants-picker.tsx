import { useMemo } from 'react';
import { Checkbox, Tag, Typography } from 'antd';
import { ROLE_ACTION_KIND_LABELS } from '@mbo/contracts/code-labels';
import { PERMISSION_LABELS, type PermissionCode } from '@mbo/contracts/permissions';
import type { RoleMatrixPage } from '@mbo/contracts/team';
import { codeBlock, codePages, pageBlock, toggleCode, togglePage, type RoleGrants } from '../utils/role-grants';
import { groupBySection, productTagText } from '../utils/role-pages';
import './role-form.css';

/** The words of an action: the contracts' label of its code, else the server's. */
function actionLabel(code: string, fallback: string): string {
  return PERMISSION_LABELS[code as PermissionCode] ?? fallback;
}

/** Why a box is disabled, beside it (read by everyone, not only on hover). */
function Reason({ text }: { text: string | null }) {
  return text ? (
    <Typography.Text type="secondary" className="mbo-role-form__reason">
      {text}
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
  const pagesOf = useMemo(() => codePages(pages), [pages]);
  return (
    <div className="mbo-role-form__grants">
      {groupBySection(pages).map((section) => (
        <fieldset key={section.name ?? ''} className="mbo-role-form__section">
          <legend className="mbo-role-form__legend">{section.name ?? 'General'}</legend>
          {section.pages.map((page) => {
            const only = productTagText(page.products);
            const blocked = pageBlock(grants, caller, page.menuUrl);
            return (
              <div key={page.menuUrl} className="mbo-role-form__page">
                <Checkbox
                  checked={grants.menuUrls.includes(page.menuUrl)}
                  disabled={blocked !== null}
                  onChange={(e) => onChange(togglePage(grants, page.menuUrl, e.target.checked, pagesOf))}
                >
                  <span className="mbo-role-form__page-name">{page.name}</span>
                  {only ? <Tag className="mbo-role-form__product">{only}</Tag> : null}
                </Checkbox>
                <Reason text={blocked} />
                {page.actions.length ? (
                  <ul className="mbo-role-form__actions" aria-label={`${page.name}: details and actions`}>
                    {page.actions.map((action) => {
                      const why = codeBlock(grants, caller, action.code, pagesOf);
                      return (
                        <li key={action.code}>
                          <Checkbox
                            checked={grants.permissionCodes.includes(action.code)}
                            disabled={why !== null}
                            onChange={(e) => onChange(toggleCode(grants, action.code, e.target.checked))}
                          >
                            {actionLabel(action.code, action.label)}
                            <span className="mbo-role-form__kind"> · {ROLE_ACTION_KIND_LABELS[action.kind]}</span>
                          </Checkbox>
                          <Reason text={why} />
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
