import { Row } from 'antd';

/**
 * THE PLACE FOR KPI CARDS AND THE VOLUME CHART (later issues).
 *
 * Planned layout, in this grid:
 *   <Col xs={24} sm={12} xl={6}> one KPI card each: volume, count, success rate, refunds
 *     (with a today / 7 days / 30 days switch above the row)
 *   <Col xs={24}> the volume chart
 *   <Col xs={24} md={12}> balances per currency, next settlement estimate
 * Until those calls exist the grid renders nothing, so the page shows no empty frames.
 */
export function HomeInsights() {
  const cards: React.ReactNode[] = [];
  if (cards.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards}
    </Row>
  );
}
