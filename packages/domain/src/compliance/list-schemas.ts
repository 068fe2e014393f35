import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';
import { calendarMoment } from '../validation/calendar-fields.ts';
import { LIST_ENTRY_TYPES, NAME_QUALITIES } from './list-entry.ts';
import { LIST_CHANGES } from './list-rules.ts';

export const LIST_KINDS = ['un', 'ministry', 'pep', 'internal'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const LIST_FORMATS = ['unXml', 'ministryPdf', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];
export const LIST_VERSION_STATUSES = ['proposed', 'active', 'superseded', 'rejected'] as const;
export type ListVersionStatus = (typeof LIST_VERSION_STATUSES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST compliance/lists: a new list, empty until its first version is activated. */
export const CreateListBody = z
  .object({
    code: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: ValidationMessage.lettersAndNumbers }),
    kind: z.enum(LIST_KINDS),
    format: z.enum(LIST_FORMATS),
    name: z.string().trim().min(1, { error: ValidationMessage.required }).max(200, { error: ValidationMessage.maxLength }),
  })
  .strict();
export type CreateListBody = z.infer<typeof CreateListBody>;

export const ListIdParams = z.object({ id });
export const VersionIdParams = z.object({ versionId: id });

/** POST compliance/lists/versions/:versionId/activate: a drop of over a fifth of the entries must be confirmed. */
export const ActivateVersionBody = z.object({ confirmLargeDrop: z.boolean().default(false) }).strict();
export type ActivateVersionBody = z.infer<typeof ActivateVersionBody>;

export const DiffCounts = z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() });

export const ListVersionView = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  status: z.enum(LIST_VERSION_STATUSES),
  sha256: z.string(),
  fileName: z.string(),
  byteSize: z.number().int(),
  entryCount: z.number().int(),
  diff: DiffCounts,
  /** The version in force when this one was uploaded, that the diff is against; null for the first. */
  baseVersionId: z.number().int().nullable(),
  largeDrop: z.boolean(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  activeFrom: z.string().nullable(),
  activeUntil: z.string().nullable(),
});
export type ListVersionView = z.infer<typeof ListVersionView>;

export const ListView = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(LIST_KINDS),
  format: z.enum(LIST_FORMATS),
  name: z.string(),
  active: ListVersionView.nullable(),
  proposed: ListVersionView.nullable(),
});
export type ListView = z.infer<typeof ListView>;

export const ListsAnswer = z.object({ items: z.array(ListView) });
export type ListsAnswer = z.infer<typeof ListsAnswer>;

export const VersionsAnswer = z.object({ items: z.array(ListVersionView) });
export type VersionsAnswer = z.infer<typeof VersionsAnswer>;

/** An upload: the new proposed version, or the active one again when the file is the same (nothing stored). */
export const UploadAnswer = z.object({ unchanged: z.boolean(), version: ListVersionView });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

export const ActivateAnswer = z.object({ versionId: z.number().int(), previousVersionId: z.number().int().nullable() });
export type ActivateAnswer = z.infer<typeof ActivateAnswer>;

/** GET compliance/lists/versions/:versionId/diff: one kind of change, paged. */
export const DiffQuery = z.object({
  change: z.enum(LIST_CHANGES),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DiffQuery = z.infer<typeof DiffQuery>;

export const ListEntryView = z.object({
  reference: z.string(),
  type: z.enum(LIST_ENTRY_TYPES),
  primaryName: z.string(),
  names: z.array(z.object({ name: z.string(), quality: z.enum(NAME_QUALITIES) })),
  birthDates: z.array(z.string()),
  nationalities: z.array(z.string()),
});
export type ListEntryView = z.infer<typeof ListEntryView>;

export const DiffAnswer = z.object({ change: z.enum(LIST_CHANGES), total: z.number().int(), items: z.array(ListEntryView) });
export type DiffAnswer = z.infer<typeof DiffAnswer>;

/** GET compliance/lists/:id/active-at?at=: which version screened on that instant. */
export const ActiveAtQuery = z.object({ at: calendarMoment });
export const ActiveAtAnswer = z.object({ version: ListVersionView.nullable() });
export type ActiveAtAnswer = z.infer<typeof ActiveAtAnswer>;
