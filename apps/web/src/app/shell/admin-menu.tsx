import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { displayName } from '#shared/auth/session-storage.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { THEME_CHOICES, themeStore, useTheme, type ThemeChoice } from '#shared/preferences/theme.ts';
import { shortcutsStore, useSingleKeyShortcuts } from '#shared/preferences/shortcuts.ts';

const ITEM_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-amber-50 data-[highlighted]:text-amber-900';

/** The admin menu of the top bar: profile, edit, theme (system, light, dark), single-key shortcuts on or off, logout. */
export function AdminMenu() {
  const { t } = useTranslation(['common', 'shell']);
  const admin = useAdmin();
  const navigate = useNavigate();
  const logout = useLogout();
  const theme = useTheme();
  const singleKeys = useSingleKeyShortcuts();
  if (!admin) return null;
  const name = displayName(admin);
  return (
    <div className="flex items-center gap-1">
      <span className="hidden max-w-40 truncate text-sm text-slate-700 md:inline" data-testid="admin-name">
        {name}
      </span>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          data-testid="admin-menu"
          className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-amber-100 text-xs font-semibold text-amber-800">
            {(admin.firstName[0] ?? admin.username[0] ?? '?').toUpperCase()}
            {(admin.lastName[0] ?? '').toUpperCase()}
          </span>
          {/* the button's name is its text (WCAG 2.5.3 label in name); the admin's name stands beside it */}
          <span className="sr-only">{t('adminMenu.label')}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Label className="px-3 py-2">
              <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
              <span className="block truncate text-xs text-slate-500">{t(`roles.${admin.role}`)}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={ITEM_CLASSES} onSelect={() => void navigate(`/account/admin/info/?adminId=${admin.id}`)}>
              {t('adminMenu.profile')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM_CLASSES} onSelect={() => void navigate(`/account/admin/edit/?adminId=${admin.id}`)}>
              {t('adminMenu.edit')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM_CLASSES} onSelect={() => void navigate('/account/security/')}>
              {t('adminMenu.security')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Label className="px-3 pt-1 pb-0.5 text-xs font-medium text-slate-600">{t('shell:theme.label')}</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => themeStore.set(value as ThemeChoice)}>
              {THEME_CHOICES.map((choice) => (
                <DropdownMenu.RadioItem key={choice} value={choice} className={ITEM_CLASSES} data-testid={`theme-${choice}`}>
                  <span className="w-3" aria-hidden="true">
                    <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                  </span>
                  {t(`shell:theme.${choice}`)}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.CheckboxItem
              className={ITEM_CLASSES}
              checked={singleKeys}
              data-testid="single-key-shortcuts"
              onCheckedChange={(checked) => shortcutsStore.set(checked ? 'on' : 'off')}
            >
              <span className="w-3" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {t('shell:shortcuts.singleKeys')}
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className={ITEM_CLASSES}
              disabled={logout.isPending || logout.isSuccess}
              onSelect={() => logout.mutate()}
            >
              {t('adminMenu.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
