import { Button, Empty } from 'antd';

export interface ListEmptyProps {
  /** What the list holds ("payments"). */
  noun: string;
  /** True when filters are set: the text says so and offers to clear them. */
  filtered: boolean;
  onClearFilters?: () => void;
}

/** The empty state of a list: nothing yet, or nothing matching the filters. */
export default function ListEmpty({ noun, filtered, onClearFilters }: ListEmptyProps) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}
    >
      {filtered && onClearFilters ? <Button onClick={onClearFilters}>Clear filters</Button> : null}
    </Empty>
  );
}
