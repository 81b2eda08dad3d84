import { useEffect } from 'react';
import type { MenuProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { THEME_CHOICES, type CurrentUser, type ThemeChoice } from '@mbo/contracts/usercenter';
import { saveTheme } from '@/features/user-center/api/save-theme';
import { globalStateKeys } from '@/lib/query-keys';
import { adoptServerTheme, currentThemeChoice, setThemeChoice, useThemeChoice } from '../theme-preference';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';

const KEY_PREFIX = 'theme:';
const CHOICES: readonly ThemeChoice[] = THEME_CHOICES;

/** True for the key of a theme entry (the user menu leaves those to their own onClick). */
export const isThemeMenuKey = (key: string): boolean => key.startsWith(KEY_PREFIX);

/**
 * The user menu's "Theme" group (System, Light, Dark; the current one ticked). A pick takes effect at
 * once and is kept on the server with the user; if the server refuses it, the previous choice comes
 * back. The signed-in user's stored choice replaces this browser's copy when it loads or changes
 * (another device picked another one).
 */
export function useThemeMenuItems(user: CurrentUser | null): NonNullable<MenuProps['items']>[number] {
  const queryClient = useQueryClient();
  const { t } = useTranslation('shell');
  const label = useLabel();
  const choice = useThemeChoice();
  const serverChoice = user?.theme;
  useEffect(() => adoptServerTheme(serverChoice), [serverChoice]);

  const keep = (next: ThemeChoice) => {
    setThemeChoice(next);
    queryClient.setQueryData<CurrentUser>(globalStateKeys.currentUser(), (u) => (u ? { ...u, theme: next } : u));
  };
  const pick = async (next: ThemeChoice) => {
    const before = currentThemeChoice();
    if (next === before) return;
    keep(next);
    try {
      await saveTheme({ theme: next });
    } catch {
      keep(before);
    }
  };

  return {
    type: 'group',
    key: 'theme',
    label: t('userMenu.theme'),
    children: CHOICES.map((option) => ({
      key: `${KEY_PREFIX}${option}`,
      icon: <CheckOutlined aria-hidden style={{ visibility: option === choice ? 'visible' : 'hidden' }} />,
      label: (
        <>
          {label('THEME_CHOICES', option)}
          {option === choice ? <span className="mbo-visually-hidden">{t('userMenu.current')}</span> : null}
        </>
      ),
      onClick: () => void pick(option),
    })),
  };
}
