import { useState } from 'react';

/**
 * The last non-null value: a dialog opened for a record keeps showing it while it closes (its open
 * prop is already false, the record already null) instead of going blank during the animation.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState<T | null>(value);
  if (value !== null && value !== shown) setShown(value);
  return value ?? shown;
}
