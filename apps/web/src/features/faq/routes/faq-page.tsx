import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Collapse, Empty, Input, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import PageHeader from '@/components/page-header';
import { FAQ_CATEGORIES, FAQ_CATEGORY_KEYS, faqEntries, type FaqCategory } from '../content/faq-entries';
import { useTranslation } from '@/i18n/use-translation';
import { displayNumber } from '@/lib/formats';
import { FaqAnswer } from '../components/faq-answer';
import { HighlightedText } from '../components/highlighted-text';
import { searchFaq, searchTerms } from '../utils/search-faq';
import './faq-page.css';

const isCategory = (value: string | null): value is FaqCategory => FAQ_CATEGORIES.includes(value as FaqCategory);

/**
 * /transactions/faq: answers about payments, refunds, disputes, settlements and payment links; live search kept in the
 * URL (?q=).
 */
export default function FaqPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('faq');
  const entries = useMemo(() => faqEntries(t), [t]);
  const categoryName = (c: FaqCategory) => t(`categories.${FAQ_CATEGORY_KEYS[c]}`);
  const query = params.get('q') ?? '';
  const categoryParam = params.get('category');
  const category = isCategory(categoryParam) ? categoryParam : null;
  const terms = useMemo(() => searchTerms(query), [query]);

  const matches = useMemo(() => searchFaq(entries, query), [entries, query]);
  const shown = category ? matches.filter((e) => e.category === category) : matches;
  const sections = FAQ_CATEGORIES.map((c) => ({ category: c, entries: shown.filter((e) => e.category === c) })).filter(
    (s) => s.entries.length > 0,
  );

  const update = (next: { q?: string; category?: FaqCategory | null }) => {
    const p = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) p.set('q', next.q);
      else p.delete('q');
    }
    if (next.category !== undefined) {
      if (next.category) p.set('category', next.category);
      else p.delete('category');
    }
    setParams(p, { replace: true });
  };

  const countIn = (c: FaqCategory | null) => (c ? matches.filter((e) => e.category === c).length : matches.length);

  return (
    <>
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')} subtitle={t('page.subtitle')} />

      <Input
        className="mbo-faq__search"
        size="large"
        allowClear
        autoFocus
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('page.placeholder')}
        aria-label={t('page.searchLabel')}
        value={query}
        onChange={(e) => update({ q: e.target.value })}
      />

      <div className="mbo-faq__categories" role="group" aria-label={t('page.categories')}>
        {[null, ...FAQ_CATEGORIES].map((c) => (
          <Tag.CheckableTag key={c ?? 'all'} checked={category === c} onChange={() => update({ category: c })}>
            {t('page.categoryCount', {
              label: c ? categoryName(c) : t('page.all'),
              number: displayNumber(countIn(c)),
            })}
          </Tag.CheckableTag>
        ))}
      </div>

      <Typography.Text type="secondary" className="mbo-faq__summary" role="status">
        {terms.length
          ? t('page.matches', { count: shown.length, query: query.trim() })
          : t('page.total', { number: displayNumber(shown.length) })}
      </Typography.Text>

      {sections.length === 0 ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Text strong>{t('page.noMatch', { query: query.trim() })}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('page.tryOther')}</Typography.Text>
              </>
            }
          >
            <Button type="primary" onClick={() => update({ q: '', category: null })}>
              {t('page.clear')}
            </Button>
          </Empty>
        </Card>
      ) : (
        sections.map((section) => (
          <Card
            key={section.category}
            className="mbo-faq__section"
            title={<h2 style={{ margin: 0, font: 'inherit' }}>{categoryName(section.category)}</h2>}
            styles={{ body: { padding: 0 } }}
          >
            <Collapse
              // Searching opens every match; a new search starts from that again.
              key={terms.join(' ')}
              ghost
              defaultActiveKey={terms.length ? section.entries.map((e) => e.id) : []}
              items={section.entries.map((entry) => ({
                key: entry.id,
                label: <HighlightedText text={entry.question} terms={terms} />,
                children: <FaqAnswer blocks={entry.answer} terms={terms} />,
              }))}
            />
          </Card>
        ))
      )}
    </>
  );
}
