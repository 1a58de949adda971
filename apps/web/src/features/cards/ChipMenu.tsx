import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alternative, Chip } from './understood';

export interface ChipMenuProps {
  chip: Chip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Computed when the menu opens; null while the model is still loading. */
  alternatives: () => Alternative[] | null;
  onChoose: (alternative: Alternative) => void;
}

function ChipFace({ chip }: { chip: Chip }) {
  const { t } = useTranslation('cards');
  return (
    <>
      <span className="visually-hidden">{t(`understood.part.${chip.part}`)}: </span>
      <span className="understood-chip-label">{chip.label}</span>
      {chip.sub ? (
        <span
          // The period's dates keep the class the period chip had, so what reads them still finds them.
          className={chip.part === 'period' ? 'understood-chip-sub period-chip' : 'understood-chip-sub'}
          data-testid={chip.synced ? 'card-synced' : undefined}
        >
          {chip.sub}
        </span>
      ) : null}
    </>
  );
}

/** A chip that is not a button: the source, and every chip of a card that cannot re-ask. */
export function StaticChip({ chip }: { chip: Chip }) {
  return (
    <span
      className="understood-chip"
      data-part={chip.part}
      data-partial={chip.partial}
      title={chip.hint}
      data-testid={chip.part === 'period' ? 'card-period' : `chip-${chip.key}`}
    >
      <ChipFace chip={chip} />
    </span>
  );
}

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

/** Moves focus in the menu: arrows step and wrap, Home and End jump. */
function moveFocus(menu: HTMLElement | null, key: string): boolean {
  const list = items(menu);
  if (list.length === 0) return false;
  const at = list.indexOf(document.activeElement as HTMLElement);
  const next: Record<string, number> = {
    ArrowDown: (at + 1) % list.length,
    ArrowUp: (at - 1 + list.length) % list.length,
    Home: 0,
    End: list.length - 1,
  };
  if (!(key in next)) return false;
  list[next[key]]?.focus();
  return true;
}

/**
 * Focus on open (the current reading, else the first item, else the menu so Escape still works)
 * and closing on a click outside. The callback is read through a ref, so a new one each render
 * neither re-runs the effect nor moves the focus.
 */
function useMenuFocus(
  open: boolean,
  menuRef: RefObject<HTMLDivElement | null>,
  wrapRef: RefObject<HTMLSpanElement | null>,
  onOpenChange: (open: boolean) => void,
) {
  const openChange = useRef(onOpenChange);
  openChange.current = onOpenChange;
  useEffect(() => {
    if (!open) return;
    const list = items(menuRef.current);
    (list.find((el) => el.getAttribute('aria-current') === 'true') ?? list[0] ?? menuRef.current)?.focus();
    const outside = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) openChange.current(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, menuRef, wrapRef]);
}

/**
 * A chip that opens the alternatives for its part: a menu button; Enter, Space
 * or ArrowDown open it, the arrow keys move, Escape closes, and focus goes back to the chip.
 */
export function ChipMenu({ chip, open, onOpenChange, alternatives, onChoose }: ChipMenuProps) {
  const { t } = useTranslation('cards');
  const menuId = useId();
  const wrapRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const list = open ? alternatives() : null;
  useMenuFocus(open, menuRef, wrapRef, onOpenChange);

  const close = (refocus: boolean) => {
    onOpenChange(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
    else if (moveFocus(menuRef.current, e.key)) e.preventDefault();
  };

  return (
    <span ref={wrapRef} className="understood-chip-wrap">
      <button
        ref={buttonRef}
        type="button"
        className="understood-chip"
        data-part={chip.part}
        data-partial={chip.partial}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={[
          t('understood.change', { part: t(`understood.part.${chip.part}`), label: chip.label }),
          chip.hint,
        ]
          .filter(Boolean)
          .join(' · ')}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            onOpenChange(true);
          }
        }}
        data-testid={chip.part === 'period' ? 'card-period' : `chip-${chip.key}`}
      >
        <ChipFace chip={chip} />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          className="chip-menu"
          aria-label={t('understood.alternatives', { label: chip.label })}
          onKeyDown={onMenuKey}
          data-testid="chip-menu"
        >
          <MenuItems list={list} onChoose={(alt) => (alt.current ? close(true) : onChoose(alt))} />
        </div>
      ) : null}
    </span>
  );
}

function MenuItems({ list, onChoose }: { list: Alternative[] | null; onChoose: (alt: Alternative) => void }) {
  const { t } = useTranslation('cards');
  if (!list || list.length === 0) {
    return (
      <div className="chip-menu-note" role="none">
        {list ? t('understood.none') : t('understood.loading')}
      </div>
    );
  }
  return list.map((alt, i) => (
    <MenuItem
      key={alt.key}
      alt={alt}
      heading={alt.group !== list[i - 1]?.group ? alt.group : undefined}
      onChoose={onChoose}
    />
  ));
}

function MenuItem({
  alt,
  heading,
  onChoose,
}: {
  alt: Alternative;
  heading?: string;
  onChoose: (a: Alternative) => void;
}) {
  const { t } = useTranslation('cards');
  return (
    <>
      {heading ? (
        <div role="none" className="chip-menu-group">
          {t(`understood.group.${heading}`)}
        </div>
      ) : null}
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="chip-menu-item"
        aria-current={alt.current || undefined}
        onClick={() => onChoose(alt)}
        data-testid="chip-option"
      >
        {alt.label}
      </button>
    </>
  );
}
