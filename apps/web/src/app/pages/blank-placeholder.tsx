/** The blank placeholder shown while the initial state loads (spec section 2). */
export default function BlankPlaceholder() {
  return <div aria-busy="true" style={{ minHeight: '100vh', background: 'var(--mbo-bg-layout)' }} />;
}
