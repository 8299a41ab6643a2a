/**
 * A menu button (disclosure pattern): a button with aria-expanded and a panel of links and
 * buttons; Escape or a click elsewhere closes it and focus returns to the button.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useId } from '../ui/index.js';

export function Menu({
  button,
  label,
  children,
  align = 'right',
}: {
  button: ComponentChildren;
  label: string;
  children: (close: () => void) => ComponentChildren;
  align?: 'left' | 'right';
}) {
  const [open, setOpen] = useState(false);
  const id = useId('menu');
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div class="menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        class="menu-trigger"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {button}
        {/* Named by its content (visible text + this), not aria-label: the visible text stays part of the name. */}
        <span class="sr-only">{label}</span>
      </button>
      {open && (
        <div id={id} class={`menu-panel menu-${align}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
