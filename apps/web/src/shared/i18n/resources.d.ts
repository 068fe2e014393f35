/**
 * Typed translation keys: i18next checks every `t('namespace:key')` against the English files
 * (SPEC.md §9 namespaces), so a missing key fails the type check. The locale test keeps zh-Hant
 * to the same keys.
 */
import 'i18next';
import type action from '../../locales/en/action.json';
import type admin from '../../locales/en/admin.json';
import type asset from '../../locales/en/asset.json';
import type auth from '../../locales/en/auth.json';
import type common from '../../locales/en/common.json';
import type dashboard from '../../locales/en/dashboard.json';
import type inbox from '../../locales/en/inbox.json';
import type order from '../../locales/en/order.json';
import type security from '../../locales/en/security.json';
import type shell from '../../locales/en/shell.json';
import type sidebar from '../../locales/en/sidebar.json';
import type system from '../../locales/en/system.json';
import type treasuryVault from '../../locales/en/treasury-vault.json';
import type user from '../../locales/en/user.json';
import type validation from '../../locales/en/validation.json';
import type treasuryReconciliation from '../../locales/en/treasury-reconciliation.json';
import type treasuryHedges from '../../locales/en/treasury-hedges.json';
import type complianceHits from '../../locales/en/compliance-hits.json';
import type finance from '../../locales/en/finance.json';
import type statements from '../../locales/en/statements.json';
import type compliance from '../../locales/en/compliance.json';
import type complianceLists from '../../locales/en/compliance-lists.json';
import type complianceDd from '../../locales/en/compliance-dd.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['common', 'sidebar'];
    resources: {
      action: typeof action;
      admin: typeof admin;
      asset: typeof asset;
      auth: typeof auth;
      common: typeof common;
      dashboard: typeof dashboard;
      inbox: typeof inbox;
      order: typeof order;
      security: typeof security;
      shell: typeof shell;
      sidebar: typeof sidebar;
      system: typeof system;
      'treasury-vault': typeof treasuryVault;
      user: typeof user;
      validation: typeof validation;
      'treasury-reconciliation': typeof treasuryReconciliation;
      'treasury-hedges': typeof treasuryHedges;
      'compliance-hits': typeof complianceHits;
      finance: typeof finance;
      statements: typeof statements;
      compliance: typeof compliance;
      'compliance-lists': typeof complianceLists;
      'compliance-dd': typeof complianceDd;
    };
  }
}
