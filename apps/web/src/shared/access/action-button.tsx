import { createContext, useContext, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@aurum/domain/access/permissions';
import { Button, type ButtonProps } from '#shared/ui/button.tsx';
import { cn } from '#shared/ui/cn.ts';
import { useWhyNot } from './who-may.tsx';

/** What a button of a group tells it: its name (for a shared reason line) and why it is off, if it is. */
interface Entry {
  label: string;
  reason: string | null;
}

interface Registry {
  set: (key: string, entry: Entry) => void;
  remove: (key: string) => void;
}

interface Group {
  registry: Registry;
  /** The id of the line saying this reason, once the group shows it. */
  lineOf: (reason: string) => string | undefined;
}

const ActionGroupContext = createContext<Group | null>(null);

interface Line {
  id: string;
  reason: string;
  text: string;
}

/**
 * One line per distinct reason, in the order of the buttons. A reason that holds every button of
 * the group is said alone; otherwise it names the buttons it holds ("Settle and Cancel order: …").
 */
function linesOf(entries: readonly Entry[], groupId: string, name: (labels: string[], reason: string) => string): Line[] {
  const reasons = [...new Set(entries.flatMap((e) => (e.reason === null ? [] : [e.reason])))];
  return reasons.map((reason, index) => {
    const held = entries.filter((e) => e.reason === reason);
    const labels = held.map((e) => e.label).filter((label) => label !== '');
    const alone = held.length === entries.length || labels.length === 0;
    return { id: `${groupId}-reason-${index}`, reason, text: alone ? reason : name(labels, reason) };
  });
}

export interface ActionGroupProps {
  children: ReactNode;
  /** Where the buttons and their reasons line up: the end of a tool bar (default) or the start of a form's row. */
  align?: 'start' | 'end';
  className?: string;
  /** The test id of each reason line. */
  reasonTestId?: string;
}

/**
 * A tool bar of actions that may be off: its buttons in a row, and under the row one line for each
 * reason a button is off, written out (never only a tooltip). Buttons off for the same reason share
 * its line, so three buttons of one permission do not print one sentence three times; each off
 * button points at its line with aria-describedby.
 */
export function ActionGroup({ children, align = 'end', className, reasonTestId = 'blocked-reason' }: ActionGroupProps) {
  const { t, i18n } = useTranslation(['shell']);
  const groupId = useId();
  const [entries, setEntries] = useState<ReadonlyMap<string, Entry>>(() => new Map());
  const registry = useMemo<Registry>(
    () => ({
      set: (key, entry) =>
        setEntries((current) => {
          const known = current.get(key);
          if (known && known.label === entry.label && known.reason === entry.reason) return current;
          return new Map(current).set(key, entry);
        }),
      remove: (key) =>
        setEntries((current) => {
          if (!current.has(key)) return current;
          const next = new Map(current);
          next.delete(key);
          return next;
        }),
    }),
    [],
  );
  const lines = useMemo(() => {
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    return linesOf([...entries.values()], groupId, (labels, reason) => t('shell:blockedActions', { actions: list.format(labels), reason }));
  }, [entries, groupId, i18n.language, t]);
  const group = useMemo<Group>(() => ({ registry, lineOf: (reason) => lines.find((line) => line.reason === reason)?.id }), [registry, lines]);
  return (
    <ActionGroupContext.Provider value={group}>
      <div className={cn('flex max-w-full min-w-0 flex-col gap-1.5', align === 'end' ? 'items-end' : 'items-start', className)}>
        <div className={cn('flex flex-wrap items-start gap-2', align === 'end' && 'justify-end')}>{children}</div>
        {lines.length > 0 ? (
          <div className="flex max-w-md flex-col gap-1">
            {lines.map((line) => (
              <p key={line.id} id={line.id} className="text-sm text-slate-700" data-testid={reasonTestId}>
                {line.text}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </ActionGroupContext.Provider>
  );
}

export interface ActionButtonProps extends ButtonProps {
  /** What the action needs; without it the button is off and its reason names the roles that have it. Several: any of them. */
  permission?: Permission | readonly Permission[];
  /** Another reason the action cannot run now (one's own submission, the status); said the same way. Ignored while the permission is missing. */
  blocked?: string | null;
  /** The action's name in a shared reason line, when the button's content is not plain text. */
  label?: string;
  /** Outside a group: where the button and its reason line up. */
  align?: 'start' | 'end';
}

/**
 * The console's button for an action that may be off: disabled, with why written under it (in its
 * ActionGroup's reason lines, or its own when it stands alone) and pointed at by aria-describedby.
 * The reason is also its title, for a pointer resting on it. `disabled` stays for what needs no
 * explaining (nothing chosen yet, a call running).
 */
export function ActionButton({ align, ...props }: ActionButtonProps) {
  const group = useContext(ActionGroupContext);
  if (group) return <GroupedButton group={group} {...props} />;
  return (
    <ActionGroup align={align}>
      <ActionButton {...props} />
    </ActionGroup>
  );
}

function GroupedButton({ group, permission, blocked, label, disabled, title, children, 'aria-describedby': describedBy, ...rest }: Omit<ActionButtonProps, 'align'> & { group: Group }) {
  const whyNot = useWhyNot(permission);
  const reason = whyNot ?? (blocked || null);
  const key = useId();
  const name = label ?? (typeof children === 'string' ? children : '');
  const { registry } = group;
  // two effects: a changed reason updates the entry in place (its line keeps its place), leaving removes it
  useLayoutEffect(() => () => registry.remove(key), [registry, key]);
  useLayoutEffect(() => registry.set(key, { label: name, reason }), [registry, key, name, reason]);
  const lineId = reason === null ? undefined : group.lineOf(reason);
  return (
    <Button {...rest} disabled={disabled || reason !== null} title={reason ?? title} aria-describedby={[describedBy, lineId].filter(Boolean).join(' ') || undefined}>
      {children}
    </Button>
  );
}
