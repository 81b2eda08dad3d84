import { useId } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

/**
 * A button that, when the user may not use it, stays visible but disabled, with the reason as a tooltip and for screen
 * readers.
 */
export default function GuardedButton({ blocked, ...props }: ButtonProps & { blocked: string | null }) {
  const id = useId();
  if (!blocked) return <Button {...props} />;
  return (
    <>
      <Tooltip title={blocked}>
        <span>
          <Button {...props} disabled aria-describedby={id} />
        </span>
      </Tooltip>
      <span id={id} className="mbo-visually-hidden">
        {blocked}
      </span>
    </>
  );
}
