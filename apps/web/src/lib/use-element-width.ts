import { useEffect, useRef, useState } from 'react';

/**
 * The size of an element, kept current on resize, for charts drawn in SVG at their real size
 * (`fallback` before the first measure, and in tests where nothing has a size).
 */
export function useElementSize<T extends HTMLElement>(fallback: {
  width: number;
  height: number;
}): [React.RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  const { width: fallbackWidth, height: fallbackHeight } = fallback;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth || fallbackWidth;
      const height = el.clientHeight || fallbackHeight;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallbackWidth, fallbackHeight]);
  return [ref, size];
}

/** The width of an element, kept current on resize (`useElementSize`'s width). */
export function useElementWidth<T extends HTMLElement>(fallback: number): [React.RefObject<T | null>, number] {
  const [ref, size] = useElementSize<T>({ width: fallback, height: 0 });
  return [ref, size.width];
}
