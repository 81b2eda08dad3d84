import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, Spin, Typography, theme, type InputRef } from 'antd';
import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SEARCH_LIMIT_PER_KIND, type SearchResults } from '@mbo/contracts/search';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import { timeZoneLabel } from '@/lib/format-time';
import { searchQueryOptions } from '../api/search-records';
import { clearRecent, keepRecent, readRecent } from '../utils/recent-searches';
import { optionId, optionsOf, type SearchOption } from './search-options';
import SearchResultRow from './search-result-row';
import { useDebounced } from './use-debounced';
import './search.css';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the dialog has closed: where focus goes back to (the trigger). */
  afterClose?: () => void;
  /** Whose recent searches (kept per user in this browser). */
  userId: string;
  timeZone: string | undefined;
  /** How long typing must pause before a search is sent (ms). */
  delayMs?: number;
}

/**
 * The global search (Ctrl/⌘+K): a combobox whose listbox holds the records found, grouped by kind, or
 * the recent searches while nothing is typed. The arrow keys move the active option (aria-activedescendant:
 * focus stays in the field), Enter opens it, Escape closes the dialog and focus returns to the trigger.
 */
export default function SearchDialog({
  open,
  onClose,
  afterClose,
  userId,
  timeZone,
  delayMs = 200,
}: SearchDialogProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('search', { keyPrefix: 'dialog' });
  const label = useLabel();
  const { token } = theme.useToken();
  const listId = useId();
  const field = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState(() => readRecent(userId));
  const query = useDebounced(text.trim(), delayMs);
  const typed = text.trim() !== '';
  const search = useQuery({
    ...searchQueryOptions(query),
    enabled: open && query !== '',
    placeholderData: keepPreviousData,
  });
  const results = typed && query !== '' ? search.data : undefined;
  const options = useMemo(() => optionsOf(results, recent, typed), [results, recent, typed]);
  const current = options.length ? Math.min(active, options.length - 1) : -1;

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    if (option.type === 'recent') {
      setText(option.query);
      setActive(0);
      return;
    }
    setRecent(keepRecent(userId, text));
    onClose();
    navigate(option.path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Home' && options.length && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && options.length && e.ctrlKey) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(options[current]);
    }
  };

  const activeId = current >= 0 ? optionId(listId, options[current].key) : undefined;
  const status = statusText(typed, query, search.isFetching, search.isError, results, t);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title')}
      footer={null}
      destroyOnHidden
      focusTriggerAfterClose={false}
      afterClose={afterClose}
      width="min(680px, calc(100vw - 16px))"
      style={{ top: 48 }}
      className="mbo-search"
      afterOpenChange={(isOpen) => {
        if (!isOpen) {
          setText('');
          setActive(0);
        } else {
          setRecent(readRecent(userId));
          // The field, not the dialog's close button, takes the first focus.
          field.current?.focus();
        }
      }}
    >
      <Input
        ref={field}
        autoFocus
        size="large"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('fieldLabel')}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        maxLength={200}
      />
      <div className="mbo-search__status" role="status" aria-live="polite">
        {status}
      </div>
      <div id={listId} role="listbox" aria-label={typed ? t('results') : t('recent')} className="mbo-search__list">
        {typed ? (
          (results?.groups ?? []).map((group) => {
            const headingId = `${listId}-${group.kind}`;
            return (
              <div key={group.kind} role="group" aria-labelledby={headingId} className="mbo-search__group">
                <div id={headingId} className="mbo-search__heading">
                  {label('SEARCH_KINDS', group.kind)}
                  {group.more && <span>{t('first', { count: SEARCH_LIMIT_PER_KIND })}</span>}
                </div>
                {group.records.map((record) => {
                  const key = `${record.kind}-${record.id}`;
                  const index = options.findIndex((o) => o.key === key);
                  return (
                    <div
                      key={key}
                      id={optionId(listId, key)}
                      role="option"
                      aria-selected={index === current}
                      className="mbo-search-row"
                      style={index === current ? { background: token.controlItemBgActive } : undefined}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => choose(options[index])}
                    >
                      <SearchResultRow record={record} timeZone={timeZone} />
                    </div>
                  );
                })}
              </div>
            );
          })
        ) : recent.length ? (
          <div role="group" aria-labelledby={`${listId}-recent`} className="mbo-search__group">
            <div id={`${listId}-recent`} className="mbo-search__heading">
              {t('recent')}
            </div>
            {options.map((option, index) =>
              option.type === 'recent' ? (
                <div
                  key={option.key}
                  id={optionId(listId, option.key)}
                  role="option"
                  aria-selected={index === current}
                  className="mbo-search-row mbo-search-row--recent"
                  style={index === current ? { background: token.controlItemBgActive } : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <ClockCircleOutlined aria-hidden /> {option.query}
                </div>
              ) : null,
            )}
          </div>
        ) : null}
      </div>
      {typed && search.isFetching && !results && <Spin className="mbo-search__spin" />}
      {typed && results && !results.groups.length && !search.isFetching && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothing', { query })} />
      )}
      <div className="mbo-search__footer">
        <Typography.Text type="secondary">{t('help', { zone: timeZoneLabel(timeZone) })}</Typography.Text>
        {!typed && recent.length > 0 && (
          <Button
            type="link"
            size="small"
            onClick={() => {
              clearRecent(userId);
              setRecent([]);
            }}
          >
            {t('clearRecent')}
          </Button>
        )}
      </div>
    </Modal>
  );
}

function statusText(
  typed: boolean,
  query: string,
  fetching: boolean,
  failed: boolean,
  results: SearchResults | undefined,
  t: TFunction,
): string {
  if (!typed) return '';
  if (failed) return t('failed');
  if (fetching || !results || results.query !== query) return t('searching');
  const count = results.groups.reduce((sum, g) => sum + g.records.length, 0);
  return t('found', { count });
}
