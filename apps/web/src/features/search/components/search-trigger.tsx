import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useGlobalState } from '@/lib/global-state';
import { useTranslation } from '@/i18n/use-translation';

/** The dialog's code loads on the first opening, not with the header. */
const SearchDialog = lazy(() => import('./search-dialog'));

export interface SearchTriggerProps {
  /** The phone's header: an icon button instead of the search box. */
  compact: boolean;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search box (a button that looks like one) and its shortcut, Ctrl+K (⌘K on a Mac), from
 * anywhere in the signed-in app. Focus returns to it when the dialog closes.
 */
export default function SearchTrigger({ compact }: SearchTriggerProps) {
  const { user } = useGlobalState();
  const { t } = useTranslation('search', { keyPrefix: 'trigger' });
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can animate its closing and give focus back.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const close = () => setOpen(false);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';

  return (
    <>
      {compact ? (
        <Button
          ref={trigger}
          type="text"
          aria-label={t('search')}
          aria-haspopup="dialog"
          icon={<SearchOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      ) : (
        <Button
          ref={trigger}
          className="mbo-search-trigger"
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <SearchOutlined aria-hidden />
          {t('search')}
          <kbd aria-hidden>{shortcut}</kbd>
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <SearchDialog
            open={open}
            onClose={close}
            afterClose={() => trigger.current?.focus()}
            userId={user?.userId ?? 'anonymous'}
            timeZone={user?.timeZone}
          />
        </Suspense>
      )}
    </>
  );
}
